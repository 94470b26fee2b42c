/*
 * The metered wall (issue 39 item 2, docs/decisions/059), as an anonymous reader meets it: with
 * three free stories a month, the fourth story this browser opens shows its headline, image and
 * first paragraph, then the wall asking to sign in; a story already read stays open. The page
 * is the same bytes for every reader and stays a cache hit: the count lives in the browser.
 */
import { request as http } from '@playwright/test';
import { addressOf, expect, hydrated, test, type Article } from './fixtures';

const body = (n: number) =>
  `<p>First paragraph of story ${n}, shown to everyone.</p>` +
  `<p>Second paragraph of story ${n}.</p>` +
  `<p>Third paragraph of story ${n}, for readers with stories left.</p>`;

test('the fourth story of the month shows the registration wall; pages stay shared and cached', async ({
  browser,
  admin,
  make,
  baseURL,
}) => {
  const category = await make.category();
  const stories: Article[] = [];
  for (const n of [1, 2, 3, 4])
    stories.push(await make.article(category, { description: body(n) }));
  expect(
    (await admin.updateSettings({ meter: { freePerMonth: 3, wall: 'registration' } })).ok(),
  ).toBe(true);
  make.onCleanup(() => admin.updateSettings({ meter: { freePerMonth: 0, wall: 'registration' } }));

  const reader = await browser.newContext();
  try {
    const page = await reader.newPage();
    const wall = page.getByRole('complementary', {
      name: 'You have read this month’s free stories',
    });
    for (const [i, story] of stories.entries()) {
      await page.goto(addressOf(story));
      await hydrated(page);
      const n = i + 1;
      await expect(page.getByRole('heading', { level: 1, name: story.name })).toBeVisible();
      await expect(
        page.getByText(`First paragraph of story ${n}, shown to everyone.`),
      ).toBeVisible();
      const third = page.getByText(`Third paragraph of story ${n}, for readers with stories left.`);
      if (n <= 3) {
        await expect(third).toBeVisible();
        await expect(wall).toBeHidden();
      } else {
        await expect(wall).toBeVisible();
        await expect(third).toBeHidden();
        await expect(page.getByText(`Second paragraph of story ${n}.`)).toBeHidden();
        await expect(wall.getByRole('link', { name: 'Sign in to keep reading' })).toHaveAttribute(
          'href',
          `/login?redirect=${encodeURIComponent(addressOf(story))}`,
        );
      }
    }
    // A story read this month stays open.
    await page.goto(addressOf(stories[0]!));
    await hydrated(page);
    await expect(
      page.getByText('Third paragraph of story 1, for readers with stories left.'),
    ).toBeVisible();
    await expect(wall).toBeHidden();
  } finally {
    await reader.close();
  }

  // Every reader gets the same bytes (the wall hidden, the whole story in the HTML), kept.
  const anonymous = await http.newContext({ baseURL });
  try {
    const path = addressOf(stories[3]!);
    const first = await anonymous.get(path);
    const again = await anonymous.get(path);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(await again.text()).toBe(html);
    expect(['hit', 'stale']).toContain(again.headers()['x-page-cache']);
    expect(html).toContain('Third paragraph of story 4, for readers with stories left.');
    expect(html).toMatch(/<aside[^>]*hidden[^>]*data-meter="3"/);
  } finally {
    await anonymous.dispose();
  }
});
