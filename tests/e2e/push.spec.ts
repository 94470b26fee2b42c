/*
 * The offer of news alerts as a reader meets it (issue 25 item 3): nothing on the first page
 * view and no permission asked of the browser; from the second view on, a small offer in the
 * interface language, whose "Not now" keeps it away on the next pages. The service worker is at
 * the site's root. (Turning alerts on needs a browser push service, which a test's Chromium has
 * none of: tests/integration/api/push.test.ts delivers to a local one.)
 */
import { addressOf, expect, hydrated, publishedArticleIn, test } from './fixtures';

test('the alerts offer waits for the second page, asks nothing unasked, and "Not now" keeps it away', async ({
  browser,
  api,
}) => {
  const path = addressOf(await publishedArticleIn(api, 'en'));
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Counts every permission request the page makes of the browser.
    await page.addInitScript(() => {
      const asked = { count: 0 };
      (window as unknown as { asked: typeof asked }).asked = asked;
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        asked.count++;
        return request();
      };
    });
    const offer = page.getByRole('complementary', { name: /^(News alerts|समाचार अलर्ट)$/ });

    await page.goto(path);
    await hydrated(page);
    await expect(offer).toBeHidden();

    await page.goto('/');
    await hydrated(page);
    await expect(offer).toBeVisible();
    await expect(
      offer.getByRole('button', { name: /^(Turn on alerts|अलर्ट चालू करें)$/ }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { asked: { count: number } }).asked.count),
    ).toBe(0);

    await offer.getByRole('button', { name: /^(Not now|अभी नहीं)$/ }).click();
    await expect(offer).toBeHidden();
    await page.goto(path);
    await hydrated(page);
    await expect(offer).toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { asked: { count: number } }).asked.count),
    ).toBe(0);

    const worker = await api.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(await worker.text()).toContain('notificationclick');
  } finally {
    await context.close();
  }
});
