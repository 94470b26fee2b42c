import { expect, gotoCurrent, hydrated, test } from './fixtures';

/**
 * Issue 10's acceptance journey: a reader types a Hindi word without its nukta into the
 * header's search box and finds the article whose title has it (the demo's "चिट्ठियों का
 * ज़माना"), then types it in Latin letters and finds it again; the results page is noindex and
 * marks the words found.
 */
test('a reader finds ज़माना by typing जमाना, then "zamana", from the header', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search articles' }).first();

  await box.fill('जमाना');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  const hit = page.getByRole('heading', { level: 2, name: /ज़माना/ }).first();
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('ज़माना');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

  const again = page.getByRole('searchbox', { name: 'Search articles' }).last();
  await again.fill('zamana');
  await again.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=zamana/);
  await expect(page.getByRole('heading', { level: 2, name: /ज़माना/ }).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is a plain form that works', async ({ page }) => {
    // Without JavaScript the page is the server's HTML alone: never a stale copy of it.
    await gotoCurrent(page, '/about-us');
    const box = page.getByRole('searchbox', { name: 'Search articles' }).first();
    await box.fill('zamana');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=zamana/);
    await expect(page.getByRole('heading', { level: 2, name: /ज़माना/ }).first()).toBeVisible();
  });
});
