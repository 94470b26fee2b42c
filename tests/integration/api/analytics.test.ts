/*
 * First-party analytics (issue 38 items 1–3): the beacon answers 204 with no cookie and is never
 * cached; robots are not counted; Do Not Track is counted, never made unique; referrers and UTM
 * are classed; GET /api/analytics/now shows a story being read and falls back when readers stop;
 * no table keeps a reader's address.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEACONS_PER_ADDRESS } from '../../../server/modules/analytics/analytics-routes';
import { SHARE_FROM } from '../../../server/plugins/rate-limit';
import { auth, createArticle, createCategory, createUser, type TestUser } from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

const time = shiftedClock();
let t: TestApp;
let app: FastifyInstance;
let editor: TestUser;
let author: TestUser;
let story: { _id: string; slug: string; category: { slug: string } };
let authorsStory: { _id: string };

const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
/** Addresses no other test uses, searched for in every column at the end. */
const address = (n: number) => `10.38.${Math.floor(n / 250)}.${(n % 250) + 1}`;

const beacon = (
  body: Record<string, unknown>,
  opts: { ip?: string; ua?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: opts.ip ?? address(0),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': opts.ua ?? CHROME,
      // What a browser sends with the reader script's beacon from our page (issue 66 item 11).
      'sec-fetch-site': 'same-origin',
      ...opts.headers,
    },
    payload: JSON.stringify(body),
  });

const now = async (user: TestUser = editor) => {
  const res = await app.inject({ method: 'GET', url: '/api/analytics/now', headers: auth(user) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    readers: number;
    top: {
      articleId: string;
      title: string;
      path: string | null;
      readers: number;
      views: number;
      trend: number[];
    }[];
    sources: { source: string; readers: number }[];
  };
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock });
  app = t.app;
  editor = await createUser(app, 'editor');
  author = await createUser(app, 'author');
  const category = await createCategory(app, editor);
  story = await createArticle(app, editor, category._id);
  authorsStory = await createArticle(app, editor, category._id, { author: author._id });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/analytics/event', () => {
  it('answers 204 to a text/plain beacon, sets no cookie and is never cached', async () => {
    const res = await beacon({ type: 'view', path: '/x', referrer: '' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body that is not the beacon', async () => {
    const res = await beacon({ type: 'click', path: '/x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation.invalid');
  });

  it('counts a view of a story: it shows on "now" within 15 s with its readers, and is counted in the views', async () => {
    for (let n = 1; n <= 3; n++)
      await beacon(
        {
          type: 'view',
          path: `/${story.category.slug}/${story.slug}`,
          articleId: story._id,
          referrer: 'https://www.google.com/',
        },
        { ip: address(n) },
      );
    // The same reader again: a view, not another reader.
    await beacon(
      {
        type: 'view',
        path: `/${story.category.slug}/${story.slug}`,
        articleId: story._id,
        referrer: '',
      },
      { ip: address(1) },
    );
    let seen: Awaited<ReturnType<typeof now>>['top'][number] | undefined;
    await waitUntil(
      async () => {
        seen = (await now()).top.find((s) => s.articleId === story._id);
        return seen !== undefined;
      },
      { timeoutMs: 15_000, intervalMs: 200, message: 'the story never showed on "now"' },
    );
    expect(seen).toMatchObject({ readers: 3, views: 4, title: expect.any(String) });
    expect(seen?.path).toBe(`/${story.category.slug}/${story.slug}`);
    expect(seen?.trend.reduce((a, b) => a + b, 0)).toBe(4);
    await t.app.services.views.flush();
    const views = await app.inject({
      method: 'GET',
      url: `/api/articles/article/${story._id}`,
      headers: auth(editor),
    });
    expect(views.json().views).toBe(3);
  });

  it('does not count a known bot, nor a client with no user agent', async () => {
    await app.services.analytics.flush();
    const before = (await now()).top.find((s) => s.articleId === story._id)?.views;
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const view = { type: 'view', path: '/a', articleId: story._id, referrer: '' };
    expect((await beacon(view, { ip: address(10), ua: googlebot })).statusCode).toBe(204);
    expect((await beacon(view, { ip: address(11), ua: '' })).statusCode).toBe(204);
    await app.services.analytics.flush();
    expect((await now()).top.find((s) => s.articleId === story._id)?.views).toBe(before);
  });

  it('counts a reader who asks not to be tracked, never as the same reader twice', async () => {
    const [row] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_events WHERE visitor IS NULL`,
    );
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[])
      await beacon({ type: 'view', path: '/dnt', referrer: '' }, { ip: address(20), headers });
    await app.services.analytics.flush();
    const [after] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM analytics_events WHERE visitor IS NULL`,
    );
    expect(after!.n - row!.n).toBe(2);
  });

  it('takes 600 beacons a minute from one address, counted in memory until the limit nears', async () => {
    const ip = address(30);
    const keyed = async () =>
      (
        await rows<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE ${`%${ip}`}`,
        )
      )[0]!.n;
    const send = async (n: number) => {
      const statuses = new Set<number>();
      for (let i = 0; i < n; i++)
        statuses.add(
          (await beacon({ type: 'view', path: '/limit', referrer: '' }, { ip })).statusCode,
        );
      return [...statuses];
    };
    // A quarter of the limit: no row was written for this reader's address (issue 36 item 8).
    expect(await send(BEACONS_PER_ADDRESS * SHARE_FROM - 1)).toEqual([204]);
    expect(await keyed()).toBe(0);
    expect(await send(BEACONS_PER_ADDRESS - (BEACONS_PER_ADDRESS * SHARE_FROM - 1))).toEqual([204]);
    expect(await keyed()).toBe(1);
    const over = await beacon({ type: 'view', path: '/limit', referrer: '' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limit.exceeded' });
  });

  it('keeps each beacon of a batch as it was sent, whatever its path holds', async () => {
    // The batch goes to the database as one array per column: quotes, commas, braces,
    // backslashes and Devanagari in a path must come back unchanged, nulls as nulls.
    const paths = ['/a "quoted", {braced} \\ path', '/खबर/चुनाव-परिणाम', '/NULL', '/ '];
    await beacon({ type: 'view', path: paths[0], referrer: '', articleId: story._id });
    await beacon({ type: 'engaged', path: paths[1], referrer: '', seconds: 42, scroll: 75 });
    await beacon({ type: 'view', path: paths[2], referrer: '' }, { headers: { dnt: '1' } });
    await beacon({ type: 'view', path: paths[3], referrer: 'https://t.me/' });
    await app.services.analytics.flush();
    const kept = await rows<{
      path: string;
      kind: string;
      article_id: string | null;
      visitor: string | null;
      seconds: number | null;
      scroll: number | null;
      source: string;
      day: string;
    }>(
      sql`SELECT path, kind, article_id, visitor, seconds, scroll, source, day::text AS day
          FROM analytics_events WHERE path IN (${sql.join(
            paths.map((p) => sql`${p}`),
            sql`, `,
          )}) ORDER BY path`,
    );
    const byPath = new Map(kept.map((r) => [r.path, r]));
    expect([...byPath.keys()].sort()).toEqual([...paths].sort());
    expect(byPath.get(paths[0]!)).toMatchObject({ kind: 'view', article_id: story._id });
    expect(byPath.get(paths[1]!)).toMatchObject({ kind: 'engaged', seconds: 42, scroll: 75 });
    expect(byPath.get(paths[2]!)).toMatchObject({ visitor: null, article_id: null, seconds: null });
    expect(byPath.get(paths[3]!)?.source).toBe('telegram');
    expect(byPath.get(paths[0]!)?.day).toBe(time.clock.now().toISOString().slice(0, 10));
  });
});

describe('sources', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['google', { referrer: 'https://www.google.co.in/' }],
    ['discover', { referrer: 'android-app://com.google.android.googlequicksearchbox/' }],
    ['google-news', { referrer: 'https://news.google.com/' }],
    ['bing', { referrer: 'https://www.bing.com/search?q=x' }],
    ['whatsapp', { referrer: 'https://web.whatsapp.com/' }],
    ['facebook', { referrer: 'https://m.facebook.com/' }],
    ['x', { referrer: 'https://t.co/abc' }],
    ['telegram', { referrer: 'https://t.me/channel' }],
    ['newsletter', { referrer: '', utm: { source: 'newsletter' } }],
    ['push', { referrer: '', utm: { source: 'push' } }],
    ['direct', { referrer: '' }],
    ['internal', { referrer: 'http://localhost:3000/' }],
    ['other', { referrer: 'https://example.org/' }],
  ];

  it('classes each beacon by its referrer and UTM, as README documents', async () => {
    const { publicUrl } = t.config;
    let n = 100;
    for (const [, fields] of cases) {
      const referrer =
        fields.referrer === 'http://localhost:3000/' ? `${publicUrl}/` : fields.referrer;
      await beacon(
        { type: 'view', path: '/s', articleId: authorsStory._id, ...fields, referrer },
        { ip: address(n++) },
      );
    }
    await app.services.analytics.flush();
    const sources = new Map((await now()).sources.map((s) => [s.source, s.readers]));
    for (const [source] of cases) expect(sources.get(source), source).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/analytics/now', () => {
  it('shows an author their own stories only, and refuses readers and nobody', async () => {
    const own = await now(author);
    expect(own.top.map((s) => s.articleId)).toEqual([authorsStory._id]);
    const reader = await createUser(app, 'reader');
    expect(
      (await app.inject({ method: 'GET', url: '/api/analytics/now', headers: auth(reader) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/analytics/now' })).statusCode).toBe(401);
  });

  it('falls back when readers stop', async () => {
    time.shift(6 * 60_000);
    try {
      const later = await now();
      expect(later.top).toEqual([]);
      expect(later.readers).toBe(0);
    } finally {
      time.shift(0);
    }
  });
});

describe('what is kept of a reader', () => {
  it("SPEC's view call still counts, and after a day no table holds an address used", async () => {
    const viewed = await app.inject({
      method: 'POST',
      url: `/api/articles/${authorsStory._id}/view`,
      remoteAddress: address(200),
      headers: { 'user-agent': CHROME },
    });
    expect(viewed.json()).toEqual({ counted: true });
    expect(viewed.headers['set-cookie']).toBeUndefined();
    await app.services.views.flush();
    await app.services.analytics.flush();
    // A day later, a beacon makes the new day's salt; the old one is gone with it.
    time.shift(24 * 3600_000 + 60_000);
    try {
      await beacon({ type: 'view', path: '/next-day', referrer: '' }, { ip: address(201) });
      await app.services.analytics.flush();
      await app.services.analytics.forgetExpired();
      const [salts] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM analytics_salts`,
      );
      expect(salts!.n).toBe(1);
    } finally {
      time.shift(0);
    }
    // The addresses of the first day (the next day's beacon is within its rate-limit window).
    const used = new Set(Array.from({ length: 201 }, (_, n) => address(n)));
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'inet', 'ARRAY')`);
    expect(columns.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const hits = await rows<{ v: string }>(sql`
        SELECT ${sql.identifier(column)}::text AS v FROM ${sql.identifier(table)}
        WHERE ${sql.identifier(column)}::text ~ '10\\.38\\.[0-9]+\\.[0-9]+'`);
      for (const { v } of hits)
        for (const ip of v.match(/10\.38\.\d+\.\d+/g) ?? [])
          if (used.has(ip)) found.push(`${table}.${column}: ${v}`);
    }
    expect(found).toEqual([]);
  });
});
