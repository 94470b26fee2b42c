/*
 * Issue 38 item 4: the live analytics screen draws a story's views and readers a minute with
 * uPlot, fetched by that screen alone, in both interface languages of the back office; and the
 * story's editor shows its own numbers (item 3).
 */
import { ADMIN_COPY, expect, hydrated, openSignedIn, test } from './fixtures';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

test('the analytics screen charts a story read now, in English and in Hindi', async ({
  page,
  request,
  make,
}) => {
  test.setTimeout(240_000);
  const editor = await make.account({ label: 'Chart', role: 'editor' });
  const story = await make.article(await make.category());
  // A reader's beacon (Chromium's own page loads are a headless browser's, never counted), with
  // the Sec-Fetch-Site a browser sends from our page: a reader, not only a view (issue 66 item 11).
  const beacon = await request.post('/api/analytics/event', {
    headers: {
      'content-type': 'text/plain',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
    },
    data: JSON.stringify({ type: 'view', path: '/x', articleId: story._id, referrer: '' }),
  });
  expect(beacon.status()).toBe(204);

  // uPlot is not fetched by other screens.
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await openSignedIn(page, editor, '/admin/dashboard');
  expect(fetched.filter((u) => /uplot/i.test(u))).toEqual([]);

  for (const lang of ['en', 'hi'] as const) {
    const t = ADMIN_COPY[lang].analytics.chart;
    await page.goto('/admin/analytics');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The story shows once its beacon is counted (within the batches' seconds).
    const chart = page.getByRole('img', { name: t.title });
    await expect(chart).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(t.story)).toHaveValue(story._id);
    await expect(chart.locator('canvas')).toHaveCount(1);
    const size = await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width);
    expect(size).toBeGreaterThan(0);
    await expect(chart.getByText(t.views, { exact: true })).toBeVisible();
    await expect(chart.getByText(t.readers, { exact: true })).toBeVisible();
    if (lang === 'en') {
      // The editor picks Hindi for their back office (issue 36 item 8).
      await page.goto('/profile');
      await hydrated(page);
      await page.getByLabel('Language of the dashboard').selectOption('hi');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Profile updated.')).toBeVisible();
    }
  }
  expect(fetched.some((u) => /uplot/i.test(u))).toBe(true);

  // The story's editor shows its own numbers (item 3), from the rollups (made each minute):
  // once the report it reads has them (asked as the editor, with the page's cookie), the editor
  // is opened, once, rather than reloaded until the minute's rollup has run.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/analytics/articles/${story._id}`);
        return res.ok() ? ((await res.json()) as { views: number }).views : res.status();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(1);
  const numbers = ADMIN_COPY.hi.analytics.storyNumbers;
  await page.goto(`/admin/edit-article/${story._id}`);
  await hydrated(page);
  const panel = page.getByRole('region', { name: numbers.title });
  await expect(panel.getByTestId(`story-${numbers.views}`)).toHaveText('1');
  await expect(panel.getByTestId(`story-${numbers.readers}`)).toHaveText('1');
});
