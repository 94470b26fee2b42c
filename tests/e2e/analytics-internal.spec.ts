/*
 * Issue 70 item 3: a story reached by a click on one of the site's pages is `internal` in its
 * report. Chromium, not the test, fills the beacon's referrer: it is what the home's
 * Referrer-Policy lets the browser tell the story's page (`no-referrer` told it nothing, and
 * every reader was `direct`).
 */
import { addressOf, expect, hydrated, readJson, test } from './fixtures';

// Headless Chromium names itself HeadlessChrome, a robot the analytics do not count (issue 38
// item 1): these pages are read as a reader's Chrome reads them.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
});

interface Report {
  views: number;
  sources: { source: string; views: number }[];
}

test('a click from the home to a story is counted internal', async ({ page, admin, make }) => {
  const story = await make.article(await make.category());
  // The newest story is on the home once the home's kept copy is refreshed (its purge follows the
  // story's event, within seconds: a copy made just before it may still be served); its link is
  // then followed as a reader follows it.
  const link = page.locator(`main a[href="${addressOf(story)}"]`).first();
  await expect(async () => {
    const home = await page.goto('/');
    expect(home?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await hydrated(page);
  const sent = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/event') &&
      r.postData()?.includes(story._id) === true &&
      r.postData()?.includes('"view"') === true,
  );
  await link.click();
  await expect(page).toHaveURL(addressOf(story));
  // What the page's script read in document.referrer: the home's address, from the browser.
  const beacon = JSON.parse((await sent).postData() ?? '{}') as { referrer?: string };
  expect(new URL(beacon.referrer ?? '').pathname).toBe('/');
  // In the story's report within one batch (5 s), well inside the 15 s.
  await expect
    .poll(
      async () =>
        (await readJson<Report>(await admin.get(`/api/analytics/articles/${story._id}`))).sources,
      { timeout: 15_000, intervals: [1_000] },
    )
    .toEqual([expect.objectContaining({ source: 'internal', views: 1 })]);
});
