/*
 * Beacons over HTTP (issue 70 items 1 and 2): asked over a socket, `POST /api/analytics/event`
 * and `POST /api/ads/impressions` are answered on their lean path, before Fastify
 * (server/beacon-answer.ts), which still refuses bad input, too big a body and an address past
 * its limit with the app's status, body and code, names a refusal's request id and counts its
 * answers in /metrics; under a steady stream of beacons for 20 s every one answered 204 is in
 * its story's report and on "now" within 15 s of the last; an ad's impressions within 15 s.
 *
 * The stream's rate is BEACON_TEST_RATE (100 a second: a twentieth of the bench's 2,000, which
 * `npm run bench` sends at the full figure beside the readers; docs/perf/election-night.md).
 */
import type { FastifyInstance } from 'fastify';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
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
let base: string;

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const RATE = Number(process.env.BEACON_TEST_RATE ?? 100);
const SECONDS = 20;
const COUNTED_WITHIN_MS = 15_000;

/** What the reader script's beacon carries, from `ip` (X-Forwarded-For from loopback, a trusted proxy). */
const beaconHeaders = (ip: string) => ({
  'content-type': 'text/plain;charset=UTF-8',
  'user-agent': CHROME,
  'sec-fetch-site': 'same-origin',
  'x-forwarded-for': ip,
});

/** A beacon sent over HTTP from `ip`. */
const send = (path: string, body: string, ip: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { ...beaconHeaders(ip), ...headers }, body });

/**
 * The stream's sender: keep-alive connections, at most 64 at once (as a proxy in front pools
 * them). A beacon whose reused connection was reset before any answer (the keep-alive race that
 * Node's `request.reusedSocket` documents) is sent again once, as browsers do; any other
 * failure, and a reset on a new connection, is the beacon's.
 */
const pool = new Agent({ keepAlive: true, maxSockets: 64 });
let resent = 0;
function stream(path: string, body: string, ip: string, again = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', agent: pool, headers: beaconHeaders(ip) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (again || !req.reusedSocket || error.code !== 'ECONNRESET') return reject(error);
      resent++;
      stream(path, body, ip, true).then(resolve, reject);
    });
    req.end(body);
  });
}

const view = (articleId: string) =>
  JSON.stringify({ type: 'view', path: '/s', articleId, referrer: 'https://t.me/' });

const story = async (categoryId: string) => {
  const publishedAt = new Date(Date.now() - 3600_000).toISOString();
  return ((await createArticle(app, editor, categoryId, { publishedAt })) as { _id: string })._id;
};

const viewsOf = async (id: string) => {
  const from = new Date(Date.now() - 3600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const res = await app.inject({
    url: `/api/analytics/articles/${id}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&interval=minute`,
    headers: auth(editor),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ views: number }>().views;
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  app = t.app;
  editor = await createUser(app, 'editor');
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  pool.destroy();
  await t?.close();
});

describe('beacons over HTTP, on the lean path', () => {
  it('answers 204 with no document headers, and refuses with codes as the app does', async () => {
    const categoryId = (await createCategory(app, editor))._id;
    const id = await story(categoryId);
    const ok = await send('/api/analytics/event', view(id), '10.71.0.1');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    for (const name of ['content-security-policy', 'x-request-id', 'x-robots-tag', 'set-cookie'])
      expect(ok.headers.get(name), name).toBeNull();
    const impression = await send(
      '/api/ads/impressions',
      JSON.stringify({ ids: ['00000000-0000-4000-8000-000000000000'] }),
      '1.2.3.4',
    );
    expect(impression.status).toBe(204);

    const bad = await send('/api/analytics/event', '{"type":"click","path":"/x"}', '10.71.0.2');
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('validation.invalid');
    // A refusal names its request id, as its log line does.
    expect(bad.headers.get('x-request-id')).toMatch(/\S/);
    const badText = await send(
      '/api/analytics/event',
      view(id).replace('/s', '/s\\u0000'),
      '10.71.0.2',
    );
    expect(badText.status).toBe(400);
    expect((await badText.json()).code).toEqual(expect.any(String));
    const big = await send(
      '/api/analytics/event',
      view(id).replace('/s', `/${'x'.repeat(5000)}`),
      '10.71.0.2',
    );
    expect(big.status).toBe(413);
    expect((await big.json()).code).toEqual(expect.any(String));
    let last = await send('/api/analytics/event', view(id), '10.71.0.3');
    for (let i = 0; i < 600 && last.status === 204; i++)
      last = await send('/api/analytics/event', view(id), '10.71.0.3');
    expect(last.status).toBe(429);
    expect((await last.json()).code).toBe('rate_limit.exceeded');
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last.headers.get('ratelimit-limit')).toBe('600');
    expect(last.headers.get('x-request-id')).toMatch(/\S/);
    expect(big.headers.get('x-request-id')).toMatch(/\S/);

    // Counted in the request metrics, by route and status.
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const answered = new RegExp(
      `patrika_http_requests_total\\{method="POST",route="/api/analytics/event",status="204"\\} (\\d+)`,
    ).exec(metrics);
    expect(Number(answered?.[1])).toBeGreaterThanOrEqual(600);
    expect(metrics).toContain('route="/api/analytics/event",status="429"');
  });

  it("refuses as the app's own route does: the same status, body and code", async () => {
    const categoryId = (await createCategory(app, editor))._id;
    const id = await story(categoryId);
    const cases: { name: string; path?: string; body?: string; type?: string | null }[] = [
      { name: 'a type it does not take', body: '{"type":"click","path":"/x"}' },
      { name: 'no path', body: '{"type":"view"}' },
      { name: 'broken JSON', body: '{"type":' },
      { name: 'an empty body', body: '' },
      { name: 'JSON that is no object', body: '"view"' },
      { name: 'a prototype key', body: '{"type":"view","path":"/x","__proto__":{"a":1}}' },
      { name: 'a NUL', body: view(id).replace('/s', '/s\\u0000') },
      { name: 'too big a body', body: view(id).replace('/s', `/${'x'.repeat(5000)}`) },
      { name: 'a form', body: 'type=view', type: 'application/x-www-form-urlencoded' },
      { name: 'no content type', body: view(id), type: null },
      { name: 'JSON as JSON, wrong', body: '{"type":"view","path":"x"}', type: 'application/json' },
      { name: 'an ad that is no id', path: '/api/ads/impressions', body: '{"ids":["x"]}' },
      { name: 'no ads', path: '/api/ads/impressions', body: '{"ids":[]}' },
    ];
    let n = 0;
    for (const c of cases) {
      const path = c.path ?? '/api/analytics/event';
      const headers: Record<string, string> =
        c.type === null ? {} : { 'content-type': c.type ?? 'text/plain;charset=UTF-8' };
      const ip = `10.73.0.${++n}`;
      const lean = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'user-agent': CHROME, 'x-forwarded-for': ip, ...headers },
        // A string would be sent as text/plain: a Blob of no type is sent with none.
        body: c.type === null ? new Blob([c.body ?? '']) : c.body,
      });
      const own = await app.inject({
        method: 'POST',
        url: path,
        remoteAddress: `10.74.0.${n}`,
        headers: { 'user-agent': CHROME, ...headers },
        payload: c.body,
      });
      expect(lean.status, c.name).toBeGreaterThanOrEqual(400);
      expect(lean.status, c.name).toBe(own.statusCode);
      expect(await lean.json(), c.name).toEqual(own.json());
      expect(lean.headers.get('content-type'), c.name).toBe(own.headers['content-type']);
    }
  });

  it(`counts every beacon of ${RATE} a second for ${SECONDS} s in its story's report within 15 s of the last`, async () => {
    const categoryId = (await createCategory(app, editor))._id;
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => story(categoryId)));
    const answered = new Map(ids.map((id) => [id, 0]));
    let refused = 0;
    /** Each refusal's status, or the error of a beacon that got no answer. */
    const why = new Map<string, number>();
    let sent = 0;
    const pending: Promise<void>[] = [];
    const started = performance.now();
    // Open loop: each tick sends what the rate owes by then, whatever the answers' pace.
    while (performance.now() - started < SECONDS * 1000) {
      const owed = Math.floor(((performance.now() - started) * RATE) / 1000) - sent;
      for (let i = 0; i < owed; i++, sent++) {
        const id = ids[sent % ids.length]!;
        const ip = `10.72.${Math.floor(sent / 250)}.${(sent % 250) + 1}`;
        pending.push(
          stream('/api/analytics/event', view(id), ip).then(
            (status) => {
              if (status === 204) answered.set(id, answered.get(id)! + 1);
              else {
                refused++;
                why.set(`${status}`, (why.get(`${status}`) ?? 0) + 1);
              }
            },
            (error: NodeJS.ErrnoException) => {
              refused++;
              const cause = error.code ?? String(error);
              why.set(cause, (why.get(cause) ?? 0) + 1);
            },
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(pending);
    const lastAnswered = performance.now();
    const seconds = (lastAnswered - started) / 1000;
    expect(refused, `${JSON.stringify([...why])}; ${resent} sent again`).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(RATE * SECONDS * 0.95);
    // Nobody flushes or rolls up: the batches' own timer writes them.
    const missing = async () => {
      let n = 0;
      for (const id of ids) n += answered.get(id)! - (await viewsOf(id));
      return n;
    };
    let left = await missing();
    while (left > 0 && performance.now() - lastAnswered < COUNTED_WITHIN_MS) {
      await new Promise((r) => setTimeout(r, 500));
      left = await missing();
    }
    const waited = Math.round(performance.now() - lastAnswered);
    expect(
      left,
      `${sent} sent in ${seconds.toFixed(1)} s; ${left} not counted ${waited} ms after the last answer`,
    ).toBe(0);
    expect(waited).toBeLessThanOrEqual(COUNTED_WITHIN_MS);
    // On "now" (the last 5 minutes) too, each story with every view answered, in the same 15 s.
    const now = await app.inject({ url: '/api/analytics/now', headers: auth(editor) });
    expect(now.statusCode, now.body).toBe(200);
    const top = now.json<{ top: { articleId: string; views: number }[] }>().top;
    for (const id of ids)
      expect(top.find((row) => row.articleId === id)?.views, id).toBe(answered.get(id));
    expect(performance.now() - lastAnswered).toBeLessThanOrEqual(COUNTED_WITHIN_MS);
  }, 120_000);

  it("counts an ad's impressions asked over HTTP in the ads' counts within 15 s", async () => {
    const image = await upload(app, editor, await testImage(728, 90));
    expect(image.statusCode, image.body).toBe(201);
    const ad = await app.inject({
      method: 'POST',
      url: '/api/ads/creatives',
      headers: auth(editor),
      payload: {
        name: 'Counted over HTTP',
        imageId: image.json<{ _id: string }>()._id,
        link: 'https://shop.example.in/http',
        alt: 'HTTP',
        positions: ['header'],
        weight: 1,
      },
    });
    expect(ad.statusCode, ad.body).toBe(201);
    const id = ad.json<{ _id: string }>()._id;
    const body = JSON.stringify({ ids: [id] });
    for (let i = 1; i <= 3; i++)
      expect((await send('/api/ads/impressions', body, `10.75.0.${i}`)).status).toBe(204);
    const sent = performance.now();
    // The table that every process, and the dashboard they answer, reads; nobody flushes.
    await waitUntil(
      async () => {
        const [row] = await t.database.db
          .select({ impressions: adDailyCounts.impressions })
          .from(adDailyCounts)
          .where(eq(adDailyCounts.creativeId, id));
        return row?.impressions === 3;
      },
      { timeoutMs: COUNTED_WITHIN_MS, intervalMs: 500, message: 'not counted in 15 s' },
    );
    expect(performance.now() - sent).toBeLessThanOrEqual(COUNTED_WITHIN_MS);
  });
});
