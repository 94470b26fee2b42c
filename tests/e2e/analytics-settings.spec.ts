/*
 * Issue 38 items 5 and 6: an administrator sets how long raw reading events are kept and what
 * readers' "Most read" covers in Settings; a value out of range is explained and not saved.
 */
import { ADMIN, ADMIN_COPY, expect, hydrated, openSignedIn, test } from './fixtures';

test('the analytics section sets retention and "Most read", and refuses a value out of range', async ({
  page,
  admin,
  make,
}) => {
  const original = await admin.settings();
  make.onCleanup(() => admin.updateSettings({ analytics: original.analytics }));
  const t = ADMIN_COPY.en.settings.analytics;
  await openSignedIn(page, ADMIN, '/admin/settings');
  await hydrated(page);
  const section = page.getByRole('group', { name: t.title });
  await expect(section.getByLabel(t.retentionDays)).toHaveValue('30');
  await expect(section.getByLabel(t.mostReadHours)).toHaveValue('24');
  await expect(section.getByLabel(t.mostReadOnHome)).toBeChecked();

  // Out of range: explained under the field, nothing sent.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/settings')) puts++;
  });
  await section.getByLabel(t.mostReadHours).fill('500');
  await page.getByRole('button', { name: ADMIN_COPY.en.settings.save }).click();
  await expect(section.getByLabel(t.mostReadHours)).toHaveAttribute('aria-invalid', 'true');
  expect(puts).toBe(0);

  await section.getByLabel(t.retentionDays).fill('7');
  await section.getByLabel(t.mostReadHours).fill('6');
  await section.getByLabel(t.mostReadOnHome).uncheck();
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/settings'),
  );
  await page.getByRole('button', { name: ADMIN_COPY.en.settings.save }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText(ADMIN_COPY.en.settings.saved)).toBeVisible();
  expect((await admin.settings()).analytics).toEqual({
    retentionDays: 7,
    mostReadHours: 6,
    mostReadOnHome: false,
  });
});
