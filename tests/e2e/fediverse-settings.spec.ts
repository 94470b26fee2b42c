/*
 * Issue 41 item 4: an administrator turns the fediverse on in Settings, names the site's handle,
 * and sees how many accounts follow the site.
 */
import { ADMIN, ADMIN_COPY, expect, hydrated, openSignedIn, test } from './fixtures';

test('the fediverse section turns it on, names the handle and shows the followers', async ({
  page,
  admin,
  make,
}) => {
  const original = await admin.settings();
  make.onCleanup(() => admin.updateSettings({ fediverse: original.fediverse }));
  const t = ADMIN_COPY.en.settings.fediverse;
  await openSignedIn(page, ADMIN, '/admin/settings');
  await hydrated(page);
  const section = page.getByRole('group', { name: t.title });
  await expect(section.getByText(t.followers({ count: 0 }))).toBeVisible();
  await section.getByLabel(t.enabled).check();
  await section.getByLabel(t.handle, { exact: true }).fill('patrika_news');
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/settings'),
  );
  await page.getByRole('button', { name: ADMIN_COPY.en.settings.save }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByText(ADMIN_COPY.en.settings.saved)).toBeVisible();
  expect((await admin.settings()).fediverse).toEqual({
    enabled: true,
    handle: 'patrika_news',
    fullText: false,
  });
});
