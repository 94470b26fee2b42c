/*
 * Issue 36 item 8: each writer chooses the dashboard's language on /profile. One picks Hindi:
 * the back office speaks Hindi to them and says so in `<html lang>`; another writer on the
 * same site still gets the site's language, and the first gets it back by choosing it.
 */
import { staffLanguageOf } from '../../common/languages';
import { ADMIN_COPY, expect, expectToast, hydrated, openSignedIn, sidebar, test } from './fixtures';

test('a writer who picks Hindi on /profile gets a Hindi back office; another writer keeps the site’s language', async ({
  page,
  browser,
  admin,
  make,
}) => {
  test.setTimeout(120_000);
  const site = staffLanguageOf((await admin.settings()).uiLanguage);
  // The site's own back-office language is English here; Hindi is the other one.
  expect(site).toBe('en');
  const asha = await make.account({ label: 'Asha', role: 'author' });
  const ravi = await make.account({ label: 'Ravi', role: 'author' });

  await openSignedIn(page, asha, '/profile');
  const choice = page.getByLabel('Language of the dashboard');
  await expect(choice).toHaveValue('');
  await expect(choice.locator('option').first()).toHaveText("The site's language");
  await choice.selectOption('hi');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated.');

  await page.goto('/admin/dashboard');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(sidebar(page, 'hi')).toBeVisible();
  await expect(
    sidebar(page, 'hi').getByRole('link', { name: ADMIN_COPY.hi.nav.articles }),
  ).toBeVisible();
  // The choice is kept: /profile shows it on the next visit.
  await page.goto('/profile');
  await hydrated(page);
  await expect(page.getByLabel('Language of the dashboard')).toHaveValue('hi');

  // Another writer, in a browser of their own, on the same site: the site's language.
  const other = await browser.newPage();
  try {
    await openSignedIn(other, ravi, '/admin/dashboard');
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await expect(sidebar(other, 'en')).toBeVisible();
    await expect(
      sidebar(other, 'en').getByRole('link', { name: ADMIN_COPY.en.nav.articles }),
    ).toBeVisible();
  } finally {
    await other.close();
  }

  // Back to the site's language.
  await page.getByLabel('Language of the dashboard').selectOption('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated.');
  await page.goto('/admin/dashboard');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(sidebar(page, 'en')).toBeVisible();
});
