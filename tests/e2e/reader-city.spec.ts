/*
 * The reader's city without tracking (issue 65 item 4): the header's picker finds Jaipur from
 * "jaypur", "near me" at Jaipur's coordinates picks Jaipur in the browser, the strip shows the
 * city after a reload, "forget" clears it; no request carries the coordinates and no cookie is
 * set for it.
 */
import { expect, test } from './fixtures';

const AT_JAIPUR = { latitude: 26.9124, longitude: 75.7873 };

test('the picker finds a city by name and near me, and nothing about location is sent', async ({
  page,
  context,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
  const cookiesBefore = (await context.cookies()).map((c) => c.name).sort();
  await page.goto('/');
  const picker = page.locator('[data-city]');
  const strip = page.locator('[data-city-strip]');
  await expect(strip).toBeHidden();
  await picker.locator('summary').click();
  await picker.getByRole('searchbox', { name: 'Search a city' }).fill('jaypur');
  await picker.getByRole('button', { name: 'Jaipur', exact: true }).click();
  await expect(strip.getByRole('link', { name: 'Your city: Jaipur →' })).toBeVisible();
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('patrika-city') ?? '{}'));
  expect(kept.at).toBeGreaterThan(Date.now() - 60_000);

  // Forget, then "near me" at Jaipur's coordinates: found in the browser.
  await picker.locator('summary').click();
  await picker.getByRole('button', { name: 'Forget my city' }).click();
  await expect(strip).toBeHidden();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(AT_JAIPUR);
  // The header's menus close after a choice (components/menus.ts): open it again.
  if (!(await picker.evaluate((d) => (d as HTMLDetailsElement).open)))
    await picker.locator('summary').click();
  await picker.getByRole('button', { name: 'Near me' }).click();
  await expect(strip.getByRole('link', { name: 'Your city: Jaipur →' })).toBeVisible();

  // Kept across pages, and the page itself is the same document for everyone.
  await page.reload();
  await expect(strip.getByRole('link', { name: 'Your city: Jaipur →' })).toBeVisible();
  await strip.getByRole('link', { name: 'Your city: Jaipur →' }).click();
  await expect(page).toHaveURL(/\/local\/rajasthan\/jaipur$/);

  expect(sent.filter((s) => /26\.91|75\.78|latitude|longitude/.test(s))).toEqual([]);
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(cookiesBefore);
});
