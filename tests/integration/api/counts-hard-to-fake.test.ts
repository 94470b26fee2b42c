/*
 * Counts that are hard to fake (issue 66 item 11, docs/decisions/051 and 058): a beacon that
 * did not come from our page, or that comes past a human pace from one address, is a view at
 * most, never a reader; a beacon under Do Not Track never makes a reader of its own; one
 * address adds a capped number of an ad's impressions and clicks in an hour; and one address
 * cannot move "Most read" in minutes. Each sent as an attacker's script would: no browser.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../../db/schema/events';
import {
  CLICKS_PER_ADDRESS_HOUR,
  IMPRESSIONS_PER_ADDRESS_HOUR,
} from '../../../server/modules/ads/ad-counts';
import { READERS_PER_ARTICLE_ADDRESS } from '../../../server/modules/analytics/analytics-beacons';
import { MOST_READ_CHANGED } from '../../../server/modules/analytics/most-read-repository';
import {
  auth,
  createArticle,
  createCategory,
  createUser,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let editor: TestUser;
let category: { _id: string };

const CHROME = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0.${n}.0 Safari/537.36`;
/** As the reader script's beacon leaves a page of this site in a browser. */
const OUR_PAGE = { 'sec-fetch-site': 'same-origin' };
let nextAddress = 0;
const anAddress = () => {
  nextAddress++;
  return `10.66.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

const beacon = (
  articleId: string,
  opts: { ip: string; ua?: string; headers?: Record<string, string> },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: opts.ip,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': opts.ua ?? CHROME(0),
      ...opts.headers,
    },
    payload: JSON.stringify({ type: 'view', path: '/x', articleId, referrer: '' }),
  });

/** What "now" says of a story: its readers and views. */
async function nowOf(articleId: string) {
  await t.app.services.analytics.flush();
  const res = await t.app.inject({ url: '/api/analytics/now', headers: auth(editor) });
  expect(res.statusCode).toBe(200);
  const top = (res.json() as { top: { articleId: string; readers: number; views: number }[] }).top;
  return top.find((s) => s.articleId === articleId) ?? { readers: 0, views: 0 };
}

/** The story's views as the views module counted them. */
async function viewsOf(articleId: string) {
  await t.app.services.analytics.flush();
  await t.app.services.views.flush();
  const res = await t.app.inject({
    url: `/api/articles/article/${articleId}`,
    headers: auth(editor),
  });
  return (res.json() as { views: number }).views;
}

const story = async () => createArticle(t.app, editor, category._id);

beforeAll(async () => {
  t = await createTestApp();
  editor = await createUser(t.app, 'editor');
  category = await createCategory(t.app, editor);
});
afterAll(async () => {
  await t?.close();
});

describe('a beacon that did not come from our page', () => {
  it('is a view at most, never a reader', async () => {
    const { _id } = await story();
    const foreign: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://elsewhere.example' },
    ];
    for (const headers of foreign)
      expect((await beacon(_id, { ip: anAddress(), headers })).statusCode).toBe(204);
    expect(await nowOf(_id)).toMatchObject({ readers: 0, views: foreign.length });
    expect(await viewsOf(_id)).toBe(0);
    // From our page (a browser's Sec-Fetch-Site, or an older one's Origin): a reader each.
    await beacon(_id, { ip: anAddress(), headers: OUR_PAGE });
    await beacon(_id, { ip: anAddress(), headers: { origin: t.config.publicUrl } });
    expect(await nowOf(_id)).toMatchObject({ readers: 2, views: foreign.length + 2 });
    expect(await viewsOf(_id)).toBe(2);
  });
});

describe('one address past a human pace', () => {
  it('counts a few readers of a story at most, whatever user agents it sends', async () => {
    const { _id } = await story();
    const ip = anAddress();
    for (let n = 0; n < 40; n++)
      expect((await beacon(_id, { ip, ua: CHROME(n), headers: OUR_PAGE })).statusCode).toBe(204);
    const seen = await nowOf(_id);
    expect(seen.views).toBe(40);
    expect(seen.readers).toBe(READERS_PER_ARTICLE_ADDRESS);
    expect(await viewsOf(_id)).toBe(READERS_PER_ARTICLE_ADDRESS);
  });

  it('cannot move "Most read" in minutes', async () => {
    const read = await story();
    const pushed = await story();
    for (let n = 0; n < 8; n++) await beacon(read._id, { ip: anAddress(), headers: OUR_PAGE });
    const ip = anAddress();
    for (let n = 0; n < 150; n++)
      await beacon(pushed._id, { ip, ua: CHROME(1000 + n), headers: OUR_PAGE });
    await t.app.services.analytics.flush();
    await t.app.services.analytics.rollUp();
    expect(await t.app.services.analytics.refreshMostRead()).toBe(true);
    const [list] = await t.database.db
      .select({ data: events.data })
      .from(events)
      .where(eq(events.type, MOST_READ_CHANGED))
      .orderBy(desc(events.id))
      .limit(1);
    // Eight readers lead: the one address counts as a few readers, its 150 views rank nothing.
    expect((list!.data.articleIds as string[])[0]).toBe(read._id);
  });
});

describe('Do Not Track', () => {
  it('never makes a reader per beacon', async () => {
    const { _id } = await story();
    const ip = anAddress();
    for (let n = 0; n < 10; n++)
      await beacon(_id, {
        ip,
        headers: { ...OUR_PAGE, ...(n % 2 ? { dnt: '1' } : { 'sec-gpc': '1' }) },
      });
    expect(await nowOf(_id)).toMatchObject({ readers: 0, views: 10 });
    // One view a story in the views' 30 minutes, told apart in memory only.
    expect(await viewsOf(_id)).toBe(1);
    const [kept] = (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM analytics_events WHERE article_id = ${_id} AND visitor IS NOT NULL`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(kept!.n).toBe(0);
  });
});

describe('house ads from one address', () => {
  it('count a capped number of impressions and clicks per creative in an hour', async () => {
    const image = await upload(t.app, editor, await testImage(728, 90));
    expect(image.statusCode, image.body).toBe(201);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/ads/creatives',
      headers: auth(editor),
      payload: {
        name: 'Monsoon sale',
        imageId: image.json<{ _id: string }>()._id,
        link: 'https://shop.example.in/monsoon',
        alt: 'Monsoon sale',
        positions: ['header'],
        weight: 1,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ad = made.json() as { _id: string };
    const ip = anAddress();
    for (let n = 0; n < IMPRESSIONS_PER_ADDRESS_HOUR + 20; n++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ads/impressions',
        remoteAddress: ip,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ ids: [ad._id] }),
      });
      expect(res.statusCode).toBe(204);
    }
    for (let n = 0; n < CLICKS_PER_ADDRESS_HOUR + 7; n++) {
      const click = await t.app.inject({ url: `/ads/click/${ad._id}`, remoteAddress: ip });
      // Every click still goes where the ad says.
      expect([click.statusCode, click.headers.location]).toEqual([
        302,
        'https://shop.example.in/monsoon',
      ]);
    }
    // Another reader's click and impression still count.
    const other = anAddress();
    await t.app.inject({ url: `/ads/click/${ad._id}`, remoteAddress: other });
    await t.app.inject({
      method: 'POST',
      url: '/api/ads/impressions',
      remoteAddress: other,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ ids: [ad._id] }),
    });
    const list = await t.app.inject({ url: '/api/ads/creatives', headers: auth(editor) });
    const counted = (list.json() as { _id: string; impressions: number; clicks: number }[]).find(
      (a) => a._id === ad._id,
    );
    expect(counted).toMatchObject({
      impressions: IMPRESSIONS_PER_ADDRESS_HOUR + 1,
      clicks: CLICKS_PER_ADDRESS_HOUR + 1,
    });
  });
});
