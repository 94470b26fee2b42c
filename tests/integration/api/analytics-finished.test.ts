/*
 * Analytics, finished (issue 70): the beacon answers on a lean path (no document headers, still
 * refusing bad input with codes and past its rate limit), Do Not Track and Sec-GPC readers are
 * views and never readers, a story reached by a link on the site is `internal`, and a beacon is
 * in its story's report within 15 s without anyone flushing or rolling up.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adDailyCounts } from '../../../db/schema/ads';
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
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let app: FastifyInstance;
let editor: TestUser;
let categoryId: string;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const HTTPS_PROXY = { 'x-forwarded-proto': 'https' };

const beacon = (body: unknown, ip: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': CHROME,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const report = async (id: string) => {
  const from = new Date(Date.now() - 3600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const res = await app.inject({
    url: `/api/analytics/articles/${id}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&interval=minute`,
    headers: auth(editor),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { views: number; readers: number; sources: { source: string }[] };
};

const newStory = async () => {
  const publishedAt = new Date(Date.now() - 3600_000).toISOString();
  return (await createArticle(app, editor, categoryId, { publishedAt })) as { _id: string };
};

beforeAll(async () => {
  // Behind a trusted proxy that says HTTPS: the answers HSTS would be sent with.
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example', TRUST_PROXY: '10.0.0.0/8' });
  app = t.app;
  editor = await createUser(app, 'editor');
  categoryId = (await createCategory(app, editor))._id;
});
afterAll(async () => {
  await t?.close();
});

/** The headers a document needs and a bodiless 204 does not. */
const DOCUMENT_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-request-id',
  'x-robots-tag',
  'ratelimit-limit',
  'ratelimit-remaining',
];

describe('the beacon on a lean path (issue 70 item 1)', () => {
  it('answers 204 with no document headers, only no-store', async () => {
    const res = await beacon({ type: 'view', path: '/x', referrer: '' }, '10.0.0.2', HTTPS_PROXY);
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of DOCUMENT_HEADERS) expect(res.headers[name], name).toBeUndefined();
    const impression = await app.inject({
      method: 'POST',
      url: '/api/ads/impressions',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...HTTPS_PROXY },
      payload: JSON.stringify({ ids: ['00000000-0000-4000-8000-000000000000'] }),
    });
    expect(impression.statusCode).toBe(204);
    for (const name of DOCUMENT_HEADERS) expect(impression.headers[name], name).toBeUndefined();
    // Every other answer keeps them.
    const health = await app.inject({
      url: '/api/health',
      remoteAddress: '10.0.0.2',
      headers: HTTPS_PROXY,
    });
    expect(health.headers['strict-transport-security']).toBeDefined();
    expect(health.headers['content-security-policy']).toBeDefined();
    expect(health.headers['x-request-id']).toBeDefined();
  });

  it('still refuses bad input with codes, too big a body, and an address past its limit', async () => {
    const bad = await beacon({ type: 'click', path: '/x' }, '10.0.0.3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.invalid');
    const notJson = await beacon('{"type":', '10.0.0.3');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toEqual(expect.any(String));
    const big = await beacon(
      { type: 'view', path: `/${'x'.repeat(5000)}`, referrer: '' },
      '10.0.0.3',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toEqual(expect.any(String));
    let last = await beacon({ type: 'view', path: '/x', referrer: '' }, '10.0.0.4');
    for (let i = 0; i < 600 && last.statusCode === 204; i++)
      last = await beacon({ type: 'view', path: '/x', referrer: '' }, '10.0.0.4');
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('rate_limit.exceeded');
    // A refusal says when to come back.
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.headers['ratelimit-limit']).toBe('600');
  });
});

describe('numbers that add up (issue 70 items 2 and 3)', () => {
  it('counts a beacon in its story report within 15 s, with nobody flushing or rolling up', async () => {
    const story = await newStory();
    const view = { type: 'view', path: '/s', articleId: story._id, referrer: '' };
    for (const ip of ['10.70.1.1', '10.70.1.2'])
      expect((await beacon(view, ip)).statusCode).toBe(204);
    const sent = Date.now();
    await waitUntil(async () => (await report(story._id)).views === 2, {
      timeoutMs: 15_000,
      intervalMs: 500,
      message: 'the beacons were not in the report within 15 s',
    });
    // The same batch is in "now" and in the rankings (issue 70 item 2), within the same 15 s.
    const now = await app.inject({ url: '/api/analytics/now', headers: auth(editor) });
    const listed = now.json().top.find((r: { articleId: string }) => r.articleId === story._id);
    expect(listed).toMatchObject({ views: 2 });
    const top = await app.inject({
      url: `/api/analytics/top?by=article&limit=100`,
      headers: auth(editor),
    });
    const ranked = top.json().rows.find((r: { key: string }) => r.key === story._id);
    expect(ranked).toMatchObject({ views: 2 });
    expect(Date.now() - sent).toBeLessThan(15_000);
  });

  it('counts Do Not Track and Sec-GPC readers in views, never in unique readers', async () => {
    const story = await newStory();
    const view = { type: 'view', path: '/s', articleId: story._id, referrer: '' };
    await beacon(view, '10.70.2.1', { dnt: '1' });
    await beacon(view, '10.70.2.2', { 'sec-gpc': '1' });
    await beacon(view, '10.70.2.3');
    await app.services.analytics.flush();
    expect(await report(story._id)).toMatchObject({ views: 3, readers: 1 });
    await app.services.views.flush();
    const counted = await app.inject({
      url: `/api/articles/article/${story._id}`,
      headers: auth(editor),
    });
    expect(counted.json().views).toBe(3);
  });

  it('classes a story reached by a link on the site as internal', async () => {
    // Pages send the browsers' default policy, under which a link from our home to a story
    // carries the home's address (helmet's no-referrer carried none: every reader was direct).
    const page = await app.inject({ url: '/api/health' });
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const story = await newStory();
    // What Chromium puts in document.referrer after a click on the home page.
    const referrer = `${t.config.publicUrl}/`;
    await beacon({ type: 'view', path: '/s', articleId: story._id, referrer }, '10.70.3.1');
    await app.services.analytics.flush();
    expect((await report(story._id)).sources.map((s) => s.source)).toEqual(['internal']);
  });
});

describe("the ads' impressions (issue 70 item 2)", () => {
  it("are in the ads' counts within 15 s, as another process reads them", async () => {
    const image = await upload(app, editor, await testImage(728, 90));
    expect(image.statusCode, image.body).toBe(201);
    const ad = await app.inject({
      method: 'POST',
      url: '/api/ads/creatives',
      headers: auth(editor),
      payload: {
        name: 'Counted soon',
        imageId: image.json<{ _id: string }>()._id,
        link: 'https://shop.example.in/soon',
        alt: 'Soon',
        positions: ['header'],
        weight: 1,
      },
    });
    expect(ad.statusCode, ad.body).toBe(201);
    const id = ad.json<{ _id: string }>()._id;
    const impression = await app.inject({
      method: 'POST',
      url: '/api/ads/impressions',
      remoteAddress: '10.70.4.1',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ids: [id] }),
    });
    expect(impression.statusCode).toBe(204);
    expect(impression.headers['set-cookie']).toBeUndefined();
    // The table, not this process's list (which writes its own counts first): what every other
    // process, and the dashboard they answer, reads.
    await waitUntil(
      async () => {
        const [row] = await t.database.db
          .select({ impressions: adDailyCounts.impressions })
          .from(adDailyCounts)
          .where(eq(adDailyCounts.creativeId, id));
        return row?.impressions === 1;
      },
      { timeoutMs: 15_000, intervalMs: 500, message: 'the impression was not counted in 15 s' },
    );
  });
});
