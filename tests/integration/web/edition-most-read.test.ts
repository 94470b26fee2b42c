/*
 * An edition's "Most read" from its own readers (issue 65 item 3): its page lists the stories
 * of that edition read most in the last `analytics.mostReadHours` hours, as part of the cached
 * page, the same bytes for every reader; the rollup job publishes the editions' lists at most
 * once a minute in one event that refreshes only the editions whose list changed. The national
 * home keeps the site's list.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { events } from '../../../db/schema/events';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { editionTree } from '../../factories/editions';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;
const story: Record<string, { _id: string; name: string }> = {};
const tail = randomBytes(3).toString('hex');
const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);
/** How long a refresh may take on a busy machine: a bound, not a measure. */
const SETTLES = { timeout: 30_000, interval: 100 };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
let reader = 0;
let minutes = 0;

/** `n` readers, each from an address of their own, read the story. */
async function read(key: string, n: number) {
  for (let i = 0; i < n; i++) {
    reader++;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: `10.65.${Math.floor(reader / 200)}.${(reader % 200) + 1}`,
      headers: {
        'content-type': 'text/plain',
        'user-agent': CHROME,
        'sec-fetch-site': 'same-origin',
      },
      payload: JSON.stringify({ type: 'view', path: '/x', articleId: story[key]!._id }),
    });
    expect(res.statusCode).toBe(204);
  }
  await t.app.services.analytics.flush();
}

/** The clock a minute on, and the jobs due then run (the rollup refreshes "Most read"). */
async function aMinuteLater() {
  minutes += 1;
  time.shift(minutes * 61_000);
  await t.app.services.jobs.runDue();
}

/** The heading and headlines a page's "Most read" shows, and whether the page was kept. */
async function mostReadOn(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const section = /<section[^>]*data-most-read=""[^>]*>([\s\S]*?)<\/section>/.exec(res.body);
  const heading = section && /<h2[^>]*>([^<]*)<\/h2>/.exec(section[1]!)?.[1];
  const names = section
    ? [...section[1]!.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!)
    : null;
  return { heading, names, cache: res.headers['x-page-cache'] };
}
const names = (...keys: string[]) => keys.map((k) => story[k]!.name);
const pathOf = (key: string) => `/local/${ed.raj!.slug}/${ed[key]!.slug}`;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build', clock: time.clock });
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin);
  await addEdition('raj', 'state', NATIONAL_EDITION_ID);
  await addEdition('jaipur', 'city', ed.raj!._id);
  await addEdition('jodhpur', 'city', ed.raj!._id);
  const publishedAt = new Date(Date.now() - 3600_000).toISOString();
  for (const [key, edition] of [
    ['jaipurA', 'jaipur'],
    ['jaipurB', 'jaipur'],
    ['jodhpur', 'jodhpur'],
  ] as const)
    story[key] = await createArticle(t.app, admin, category._id, {
      name: `Story ${key} ${tail}`,
      publishedAt,
      editions: [ed[edition]!._id],
      primaryEdition: ed[edition]!._id,
    });
  story.national = await createArticle(t.app, admin, category._id, {
    name: `Story national ${tail}`,
    publishedAt,
  });
}, 300_000);
afterAll(async () => t?.close());

describe('an edition’s "Most read"', () => {
  it('lists what its own readers read most, on its kept page; the home keeps the site’s', async () => {
    expect((await mostReadOn(pathOf('jaipur'))).names).toBeNull();
    await read('jodhpur', 5);
    await read('national', 4);
    await read('jaipurA', 2);
    await read('jaipurB', 1);
    await aMinuteLater();
    await expect
      .poll(async () => (await mostReadOn(pathOf('jaipur'))).names, SETTLES)
      .toEqual(names('jaipurA', 'jaipurB'));
    expect(await mostReadOn(pathOf('jaipur'))).toEqual({
      heading: `Most read in jaipur-${tail}`,
      names: names('jaipurA', 'jaipurB'),
      cache: 'hit',
    });
    await expect
      .poll(async () => (await mostReadOn(pathOf('jodhpur'))).names, SETTLES)
      .toEqual(names('jodhpur'));
    await expect
      .poll(async () => (await mostReadOn('/')).names, SETTLES)
      .toEqual(names('jodhpur', 'national', 'jaipurA', 'jaipurB'));
  });

  it('a changed list refreshes only its edition’s page, at most once a minute', async () => {
    await read('jaipurB', 3);
    // Sooner than a minute after the last: nothing is published.
    expect(await t.app.services.analytics.refreshEditionMostRead()).toEqual([]);
    await aMinuteLater();
    await expect
      .poll(async () => (await mostReadOn(pathOf('jaipur'))).names, SETTLES)
      .toEqual(names('jaipurB', 'jaipurA'));
    expect((await mostReadOn(pathOf('jodhpur'))).names).toEqual(names('jodhpur'));
    const [event] = await t.database.db
      .select({ cache: events.cache })
      .from(events)
      .where(eq(events.type, 'most-read.editions-changed'))
      .orderBy(desc(events.id))
      .limit(1);
    // Only Jaipur's list changed: Jodhpur's page is not named (its kept page stays).
    expect(event?.cache).toEqual({
      stale: [CacheTags.mostReadEdition(ed.jaipur!._id)],
      urls: [pathOf('jaipur')],
    });
  });
});
