/*
 * The request log an operator reads (issue 36 item 5, issue 45 item 6): at `info`, one line per
 * request with its id, method, address, status and time; the server's own refresh renders
 * write none; at `warn`, served pages write nothing.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

async function appLogging(level: string) {
  const lines: LogLine[] = [];
  const logStream = new PassThrough();
  let rest = '';
  logStream.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const whole = text.split('\n');
    rest = whole.pop() ?? '';
    for (const line of whole) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
  });
  const t = await createTestApp({ LOG_LEVEL: level }, { web: 'build', logStream });
  return { t, lines };
}

const PAGE = '/privacy-policy';

describe('at info', () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => ({ t, lines } = await appLogging('info')), 180_000);
  afterAll(async () => t?.close());

  const requestLines = () => lines.filter((l) => l.msg === 'request completed');

  it('writes one line per request, with its id, method, address, status and time', async () => {
    const page = await t.app.inject({ url: PAGE, headers: { 'x-request-id': 'log-page' } });
    expect(page.statusCode).toBe(200);
    const api = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'log-api' } });
    expect(api.statusCode).toBe(200);
    const missing = await t.app.inject({
      url: '/api/no-such-call',
      headers: { 'x-request-id': 'log-404' },
    });
    expect(missing.statusCode).toBe(404);

    for (const [reqId, url, status] of [
      ['log-page', PAGE, 200],
      ['log-api', '/api/health', 200],
      ['log-404', '/api/no-such-call', 404],
    ] as const) {
      const mine = lines.filter((l) => l.reqId === reqId);
      expect(mine.map((l) => l.msg)).toEqual(['request completed']);
      expect(mine[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url },
        res: { statusCode: status },
      });
      expect(mine[0]!.responseTime).toBeGreaterThanOrEqual(0);
    }
  });

  it("never logs the server's own refresh render as a request", async () => {
    // Kept, then stale: the next reader gets the stale copy and the server renders it again.
    const first = await t.app.inject({ url: PAGE, headers: { 'x-request-id': 'log-keep' } });
    expect(first.statusCode).toBe(200);
    t.app.services.pageCache.invalidate({ all: 'stale' });
    const stale = await t.app.inject({ url: PAGE, headers: { 'x-request-id': 'log-stale' } });
    expect(stale.headers['x-page-cache']).toBe('stale');
    // The refresh happened: a later reader gets the fresh copy it made.
    await waitUntil(
      async () =>
        (await t.app.inject({ url: PAGE, headers: { 'x-request-id': 'log-after' } })).headers[
          'x-page-cache'
        ] === 'hit',
      { timeoutMs: 30_000, message: 'the stale page was never refreshed' },
    );
    // Every request line is one of the requests this test made: none for the refresh render.
    const others = requestLines().filter((l) => !l.reqId?.startsWith('log-'));
    expect(others).toEqual([]);
    expect(requestLines().filter((l) => l.reqId === 'log-stale')).toHaveLength(1);
  });
});

describe('at warn', () => {
  let t: TestApp;
  let lines: LogLine[];
  beforeAll(async () => ({ t, lines } = await appLogging('warn')), 180_000);
  afterAll(async () => t?.close());

  it('served pages and API answers write nothing', async () => {
    for (const url of [PAGE, PAGE, '/api/health', '/api/no-such-call']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(lines).toEqual([]);
  });
});
