/*
 * Readers' "Most read" (issue 38 item 5): the home's section and every article's box list the
 * stories most read in the last `analytics.mostReadHours` hours, as part of the cached page;
 * the rollup job publishes a changed list at most once a minute as an event, and the event
 * refreshes the kept pages. `analytics.mostReadOnHome` off hides the home's section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  updateArticle,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
const stories: Awaited<ReturnType<typeof createArticle>>[] = [];
/** How long a refresh may take on a busy machine: a bound, not a measure. */
const SETTLES = { timeout: 30_000, interval: 100 };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
let reader = 0;
let minutes = 0;

/** `n` readers, each from an address of their own, view the story. */
async function read(story: { _id: string }, n: number) {
  for (let i = 0; i < n; i++) {
    reader++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: `10.38.${Math.floor(reader / 200)}.${(reader % 200) + 1}`,
      // As a browser sends the reader script's beacon from our page (issue 66 item 11).
      headers: {
        'content-type': 'text/plain',
        'user-agent': CHROME,
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ type: 'view', path: '/x', articleId: story._id, referrer: '' }),
    });
    expect(res.statusCode).toBe(204);
  }
  await t.app.services.analytics.flush();
}

/** The clock a minute on, and the jobs due then run (the rollup's refreshes "Most read"). */
async function aMinuteLater() {
  minutes += 1;
  time.shift(minutes * 61_000);
  await t.app.services.jobs.runDue();
}

/** The headlines a page's "Most read" lists, in order, and whether the page was kept. */
async function mostReadOn(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const section = /<section[^>]*data-most-read=""[^>]*>([\s\S]*?)<\/section>/.exec(res.body);
  const names = section
    ? [...section[1]!.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!)
    : null;
  return { names, cache: res.headers['x-page-cache'] };
}
const names = (...i: number[]) => i.map((n) => stories[n]!.name);
const pathOf = (n: number) => `/${category.slug}/${stories[n]!.slug}`;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', clock: time.clock });
  admin = await createAdmin(t.app);
  category = await createCategory(t.app, admin);
  const publishedAt = new Date(Date.now() - 3600_000).toISOString();
  for (const name of ['Counting day in Patna', 'Monsoon reaches Kerala', 'Metro line opens'])
    stories.push(await createArticle(t.app, admin, category._id, { name, publishedAt }));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('"Most read"', () => {
  it('shows nothing before anything is read', async () => {
    expect((await mostReadOn('/')).names).toBeNull();
    expect((await mostReadOn(pathOf(2))).names).toBeNull();
  });

  it("changes on the cached home and article pages within the minute's refresh", async () => {
    await read(stories[0]!, 3);
    await read(stories[1]!, 1);
    await aMinuteLater();
    await expect.poll(async () => (await mostReadOn('/')).names, SETTLES).toEqual(names(0, 1));
    await expect
      .poll(async () => (await mostReadOn(pathOf(2))).names, SETTLES)
      .toEqual(names(0, 1));
    // Kept: the list is part of the page every reader gets.
    expect(await mostReadOn('/')).toEqual({ names: names(0, 1), cache: 'hit' });

    // Readers move to another story: the page keeps its list until the next minute's refresh,
    // and a refresh asked sooner publishes nothing.
    await read(stories[1]!, 4);
    await read(stories[2]!, 1);
    expect(await t.app.services.analytics.refreshMostRead()).toBe(false);
    expect(await mostReadOn('/')).toEqual({ names: names(0, 1), cache: 'hit' });
    await aMinuteLater();
    await expect.poll(async () => (await mostReadOn('/')).names, SETTLES).toEqual(names(1, 0, 2));
    await expect
      .poll(async () => (await mostReadOn(pathOf(0))).names, SETTLES)
      .toEqual(names(1, 0, 2));

    // The same list again publishes nothing.
    await aMinuteLater();
    expect(await t.app.services.analytics.refreshMostRead()).toBe(false);
  });

  it('a headline edited in the list: on its own page at once, in the boxes with the next list', async () => {
    const before = names(1, 0, 2);
    const story = stories[0]!;
    const res = await updateArticle(t.app, admin, story as Parameters<typeof updateArticle>[2], {
      name: 'Counting day in Patna, updated',
    });
    expect(res.statusCode, res.body).toBe(200);
    story.name = 'Counting day in Patna, updated';
    // The story's own page shows it at once.
    await expect
      .poll(async () => (await t.app.inject({ url: pathOf(0) })).body.includes(story.name), SETTLES)
      .toBe(true);
    // The same stories, ranked the same: a new headline is a new list all the same, published at
    // the minute's refresh (not at the save), and every kept page's box shows it then.
    expect(before).not.toEqual(names(1, 0, 2));
    minutes += 1;
    time.shift(minutes * 61_000);
    expect(await t.app.services.analytics.refreshMostRead()).toBe(true);
    await expect.poll(async () => (await mostReadOn('/')).names, SETTLES).toEqual(names(1, 0, 2));
    await expect
      .poll(async () => (await mostReadOn(pathOf(2))).names, SETTLES)
      .toEqual(names(1, 0, 2));
    await aMinuteLater();
    expect(await t.app.services.analytics.refreshMostRead()).toBe(false);
  });

  it('leaves the home without it when mostReadOnHome is off', async () => {
    const settings = (await t.app.inject({ url: '/api/settings' })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { analytics: { ...settings.analytics, mostReadOnHome: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await mostReadOn('/')).names, SETTLES).toBeNull();
    expect((await mostReadOn(pathOf(2))).names).toEqual(names(1, 0, 2));
  });
});
