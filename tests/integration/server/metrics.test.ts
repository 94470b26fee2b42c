/*
 * Observability (issue 13 item 6, DECISIONS.md §15): /metrics in Prometheus' text format, open on
 * loopback or with METRICS_TOKEN, and a request id on every answer and log line.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, testImage, upload } from '../../factories';
import { parsePrometheusText } from '../../setup/prometheus-text';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { testEngine } from '../../setup/test-db';
import { waitUntil } from '../../setup/wait-until';

const TOKEN = 'a-metrics-token-long-enough';
const ELSEWHERE = '203.0.113.7';

let t: TestApp;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  let pending = '';
  logStream.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
  });
  t = await createTestApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { web: 'build', logStream });
}, 300_000);
afterAll(async () => t.close());

const metrics = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
};

describe('GET /metrics', () => {
  it('counts requests by route and status, with latency, in a format Prometheus reads', async () => {
    const before = await metrics();
    const requests = (route: string, status: string, from = before) =>
      from.value('patrika_http_requests_total', { method: 'GET', route, status }) ?? 0;
    const slug = 'no-such-category-for-metrics';
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/categories/${slug}` });
    await t.app.inject({ url: '/api/health' });

    const after = await metrics();
    expect(after.types.get('patrika_http_requests_total')).toBe('counter');
    expect(after.types.get('patrika_http_request_duration_seconds')).toBe('histogram');
    // The route pattern, not the address: one series however many slugs are asked for.
    expect(requests('/api/categories/:slug', '404', after)).toBe(
      requests('/api/categories/:slug', '404') + 3,
    );
    expect(requests('/api/health', '200', after)).toBe(requests('/api/health', '200') + 1);
    const count = (from: typeof before) =>
      from.value('patrika_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/categories/:slug',
      }) ?? 0;
    expect(count(after)).toBe(count(before) + 3);
    expect(
      after.samples.some(
        (s) => s.name === 'patrika_http_request_duration_seconds_bucket' && s.labels.le === '+Inf',
      ),
    ).toBe(true);
    // Node's own process metrics come along.
    expect(after.types.get('process_cpu_user_seconds_total')).toBe('counter');
  });

  it('counts page-cache misses and hits, and uploads by status', async () => {
    const before = await metrics();
    const cache = (result: string, from = before) =>
      from.value('patrika_page_cache_requests_total', { result }) ?? 0;
    const uploads = (status: string, from = before) =>
      from.value('patrika_uploads_total', { status }) ?? 0;

    expect((await t.app.inject({ url: '/about-us' })).headers['x-page-cache']).toBe('miss');
    expect((await t.app.inject({ url: '/about-us' })).headers['x-page-cache']).toBe('hit');
    const admin = await createAdmin(t.app);
    expect((await upload(t.app, admin, await testImage(400, 300))).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/media' })).statusCode).toBe(401);

    const after = await metrics();
    expect(cache('miss', after)).toBe(cache('miss') + 1);
    expect(cache('hit', after)).toBe(cache('hit') + 1);
    expect(uploads('201', after)).toBe(uploads('201') + 1);
    expect(uploads('401', after)).toBe(uploads('401') + 1);
  });

  it('reports how late each job ran after its time (the scheduler lag)', async () => {
    const { jobs } = t.app.services;
    const kind = 'metrics-test';
    jobs.handle(kind, async () => {});
    const runAt = new Date(Date.now() - 3_000);
    await jobs.schedule({ key: `${kind}:${runAt.getTime()}`, kind, subjectId: null, runAt });
    const lagCount = (from: Awaited<ReturnType<typeof metrics>>) =>
      from.value('patrika_job_lag_seconds_count', { kind }) ?? 0;
    // This app also polls for due jobs every 2 s: whichever runs it, it runs once. When the
    // poll leased it first, runDue() finds nothing to do and returns while the poll's run is
    // still under way (a gate run read the count then: 0), so the count is waited for.
    await jobs.runDue();
    await waitUntil(async () => lagCount(await metrics()) > 0, {
      timeoutMs: 15_000,
      message: 'the job ran and its lag was recorded',
    });
    await jobs.runDue();
    const after = await metrics();
    expect(after.types.get('patrika_job_lag_seconds')).toBe('histogram');
    expect(lagCount(after)).toBe(1);
    // Three seconds late: not in the 2 s bucket, in the 5 s one.
    expect(after.value('patrika_job_lag_seconds_bucket', { kind, le: '2' })).toBe(0);
    expect(after.value('patrika_job_lag_seconds_bucket', { kind, le: '5' })).toBe(1);
    expect(after.value('patrika_job_lag_seconds_sum', { kind })).toBeGreaterThanOrEqual(3);
  });

  it('shows the PostgreSQL pool’s use, and no pool on the embedded engine', async () => {
    const m = await metrics();
    expect(m.types.get('patrika_db_pool_connections')).toBe('gauge');
    const pool = m.samples.filter((s) => s.name === 'patrika_db_pool_connections');
    if (testEngine() === 'postgres') {
      expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'max', 'total', 'waiting']);
      expect(m.value('patrika_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    } else {
      expect(pool).toEqual([]);
    }
  });

  it('says how many things the process works around: 0, then 1 while notifications are unheard', async () => {
    expect((await metrics()).value('patrika_degraded', {})).toBe(0);
    const store = t.app.services.pageCache.store;
    store.distrust();
    try {
      expect((await metrics()).value('patrika_degraded', {})).toBe(1);
    } finally {
      store.trust();
    }
    expect((await metrics()).value('patrika_degraded', {})).toBe(0);
  });

  it('refuses other addresses without the token, in our JSON error shape', async () => {
    const from = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: ELSEWHERE, headers });

    const none = await from();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      message: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
      code: 'metrics.token_required',
    });
    expect(none.body).not.toContain('patrika_');
    const wrong = await from({ authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('patrika_');

    const right = await from({ authorization: `Bearer ${TOKEN}` });
    expect(right.statusCode).toBe(200);
    expect(parsePrometheusText(right.body).types.has('patrika_http_requests_total')).toBe(true);
  });

  it('without METRICS_TOKEN answers other addresses 403, and this machine still 200', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/metrics', remoteAddress: ELSEWHERE });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message:
          'Metrics are served only to this machine. Set METRICS_TOKEN to read them from elsewhere.',
        code: 'metrics.local_only',
      });
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const ok = await bare.app.inject({ url: '/metrics', remoteAddress: local });
        expect(ok.statusCode, local).toBe(200);
      }
      const bearer = await bare.app.inject({
        url: '/metrics',
        remoteAddress: ELSEWHERE,
        headers: { authorization: 'Bearer anything-at-all-goes' },
      });
      expect(bearer.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('request ids', () => {
  it('every answer, errors included, carries the x-request-id it came with', async () => {
    const cases = [
      { method: 'GET', url: '/api/no-such-call', status: 404 },
      { method: 'GET', url: '/api/users/me', status: 401 },
      { method: 'PUT', url: '/api/settings', status: 400 },
      { method: 'GET', url: '/no/such/page', status: 404 },
      { method: 'GET', url: '/metrics', status: 401, remoteAddress: ELSEWHERE },
    ] as const;
    for (const [i, c] of cases.entries()) {
      const id = `req-case-${i}`;
      const res = await t.app.inject({ ...c, headers: { 'x-request-id': id } });
      expect(res.statusCode, c.url).toBe(c.status);
      expect(res.headers['x-request-id'], c.url).toBe(id);
    }
  });

  it('makes one up when none (or a malformed one) comes in', async () => {
    const plain = await t.app.inject({ url: '/api/no-such-call' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await t.app.inject({
      url: '/api/no-such-call',
      headers: { 'x-request-id': 'spaces and ünïcode' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a page that fails logs its error with the request id', async () => {
    const settings = t.app.services.settings;
    const get = settings.get;
    settings.get = () => Promise.reject(new Error('settings table went away'));
    // A kept copy of the page would answer without rendering it.
    t.app.services.pageCache.invalidate();
    try {
      const res = await t.app.inject({
        url: '/privacy-policy?fail=1',
        headers: { 'x-request-id': 'req-page-fails' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toBe('req-page-fails');
    } finally {
      settings.get = get;
      t.app.services.pageCache.invalidate();
    }
    const lines = () => logLines.filter((l) => l.reqId === 'req-page-fails');
    await waitUntil(() => lines().some((l) => l.msg === 'request completed'), {
      timeoutMs: 5000,
      message: 'no "request completed" line for req-page-fails',
    });
    const failed = lines().find((l) => l.level === 50);
    expect(failed?.msg).toBe('page failed');
    expect(failed?.err).toMatchObject({ message: 'settings table went away' });
  });
});
