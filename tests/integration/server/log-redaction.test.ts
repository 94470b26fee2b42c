/*
 * Secrets never reach the log (STYLE.md §12, server/lib/logger.ts), nor /metrics. The sign-in token travels in
 * `Authorization: Bearer …`, in the `patrika_token` cookie and in `Set-Cookie`; the request and
 * response log lines carry those headers, so only the redaction keeps the token out. The second
 * block builds the same app with the redaction turned off and sees the token: the lines really
 * carry it, so the first block fails if the redaction goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../db/client';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import type * as Logger from '../../../server/lib/logger';
import { AUTH_COOKIE } from '../../../server/plugins/auth';
import { auth, createAdmin, createCategory, signUp } from '../../factories';
import { freePort } from '../../setup/spawn-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { createTestDatabase, testEngine } from '../../setup/test-db';
import { waitUntil } from '../../setup/wait-until';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; headers: Record<string, unknown> };
  res?: { statusCode: number; headers: Record<string, unknown> };
  err?: { message: string };
}

interface Scenario {
  /** The session token of sign-in, taken from its answer: the secret to look for. */
  token: string;
  /** Every token the site's answers carried (sign-up's and sign-in's). */
  issued: string[];
  password: string;
  /** The whole log, as written. */
  text: string;
  /** The parsed lines of one request. */
  linesOf(reqId: string): LogLine[];
}

/**
 * Signs up, signs in (the answer sets the cookie), calls /api/users/me with the token both as a
 * bearer and as the cookie, and calls a route that fails with a 500 while carrying the token.
 */
async function runScenario(build: typeof createTestApp): Promise<Scenario> {
  const chunks: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const t: TestApp = await build(
    { LOG_LEVEL: 'info' },
    {
      logStream,
      routes(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('the database went away');
        });
      },
    },
  );
  let user: Awaited<ReturnType<typeof signUp>>;
  let token: string;
  try {
    user = await signUp(t.app);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/signin',
      headers: { 'x-request-id': 'log-signin' },
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(200);
    token = (signIn.json() as { token: string }).token;
    // The secret really is in the answer's Set-Cookie, so its absence from the log means something.
    expect(String(signIn.headers['set-cookie'])).toContain(`${AUTH_COOKIE}=${token}`);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: {
        'x-request-id': 'log-me',
        ...auth(token),
        cookie: `${AUTH_COOKIE}=${token}`,
      },
    });
    // The token is a real, working one.
    expect(me.statusCode).toBe(200);
    expect((me.json() as { email: string }).email).toBe(user.email);

    const boom = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'log-boom', ...auth(token), cookie: `${AUTH_COOKIE}=${token}` },
    });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain(token);
  } finally {
    await t.close();
  }
  const text = chunks.join('');
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogLine);
  return {
    token,
    issued: [...new Set([user.token, token])],
    password: user.password,
    text,
    linesOf: (reqId) => lines.filter((l) => l.reqId === reqId),
  };
}

/** JWTs in a text (three base64url parts, the first one `{"alg"…` encoded). */
const tokensIn = (text: string) => text.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [];

// One line per request (server/lib/request-log.ts) carries both the request and the answer.
const incoming = (s: Scenario, reqId: string) => {
  const line = s.linesOf(reqId).find((l) => l.msg === 'request completed');
  if (!line?.req) throw new Error(`no request line for ${reqId}:\n${s.text}`);
  return line.req;
};
const completed = (s: Scenario, reqId: string) => {
  const line = s.linesOf(reqId).find((l) => l.msg === 'request completed');
  if (!line?.res) throw new Error(`no "request completed" line for ${reqId}:\n${s.text}`);
  return line.res;
};

describe('the log of a signed-in session', () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario(createTestApp);
  });

  it('holds none of the tokens the site issued, nor the password', () => {
    for (const token of s.issued) expect(s.text).not.toContain(token);
    expect(tokensIn(s.text)).toEqual([]);
    expect(s.text).not.toContain(s.password);
  });

  it('logs that a request carried a bearer token and the cookie, as [Redacted]', () => {
    const req = incoming(s, 'log-me');
    expect(req).toMatchObject({ method: 'GET', url: '/api/users/me' });
    expect(req.headers.authorization).toBe('[Redacted]');
    expect(req.headers.cookie).toBe('[Redacted]');
  });

  it('logs that sign-in set a cookie, as [Redacted]', () => {
    const res = completed(s, 'log-signin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBe('[Redacted]');
  });

  it('logs a 5xx with its error and request id, and without the token', () => {
    const error = s.linesOf('log-boom').find((l) => l.level === 50);
    expect(error?.err?.message).toBe('the database went away');
    expect(JSON.stringify(error)).not.toContain(s.token);
    expect(incoming(s, 'log-boom').headers.authorization).toBe('[Redacted]');
  });
});

describe('the same log with the redaction turned off (the check above can fail)', () => {
  let s: Scenario;
  beforeAll(async () => {
    // The whole app again, from fresh modules, with loggerOptions forced to `redact: false`.
    vi.resetModules();
    vi.doMock('../../../server/lib/logger', async (importOriginal) => {
      const real = await importOriginal<typeof Logger>();
      return {
        ...real,
        loggerOptions: (...[config, overrides]: Parameters<typeof real.loggerOptions>) =>
          real.loggerOptions(config, { ...overrides, redact: false }),
      };
    });
    const fresh = await import('../../setup/test-app');
    s = await runScenario(fresh.createTestApp);
  });
  afterAll(() => {
    vi.doUnmock('../../../server/lib/logger');
    vi.resetModules();
  });

  it('writes the bearer token, the cookie and the Set-Cookie to the log', () => {
    const { token } = s;
    const req = incoming(s, 'log-me');
    expect(req.headers.authorization).toBe(`Bearer ${token}`);
    expect(req.headers.cookie).toBe(`${AUTH_COOKIE}=${token}`);
    expect(String(completed(s, 'log-signin').headers['set-cookie'])).toContain(
      `${AUTH_COOKIE}=${token}`,
    );
  });
});

/*
 * Addresses the operator configures may carry a user and password, or a key as a query
 * parameter (issue 44 item 7). The app below is given such addresses for its purges (a receiver
 * that refuses the first purge, so the failure is logged) and its mail (a port nobody listens
 * on, so the failure is logged); neither secret may be in the log.
 */
describe('the log of a site whose configured addresses carry secrets', () => {
  const PURGE_PASSWORD = 'purge-password-in-the-address';
  const PURGE_KEY = 'purge-key-in-the-query';
  const SMTP_PASSWORD = 'smtp-password-in-the-address';
  let receiver: Server;
  const accepted: { authorization?: string; url?: string }[] = [];
  let refused = 0;
  let text = '';

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (refused++ === 0) return void res.writeHead(500).end('not yet');
        accepted.push({ authorization: req.headers.authorization, url: req.url });
        res.writeHead(200).end('{}');
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    const chunks: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const t = await createTestApp(
      {
        LOG_LEVEL: 'info',
        CDN_PURGE_URL: `http://purger:${PURGE_PASSWORD}@127.0.0.1:${port}/purge?key=${PURGE_KEY}`,
        SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${await freePort()}`,
      },
      { logStream },
    );
    try {
      const admin = await createAdmin(t.app);
      await createCategory(t.app, admin, { name: 'Secrets' });
      await waitUntil(() => accepted.length > 0, {
        timeoutMs: 30_000,
        message: 'no purge was accepted after the refused one',
        detail: () => chunks.join(''),
      });
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/users/password-reset',
        payload: { email: admin.email },
      });
      expect(reset.statusCode).toBe(202);
      await t.app.services.mailer.settled();
    } finally {
      await t.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    text = chunks.join('');
  });

  it('sends the purge address’s user and password as Basic authorization, not in the address', () => {
    expect(accepted[0]).toEqual({
      authorization: `Basic ${Buffer.from(`purger:${PURGE_PASSWORD}`).toString('base64')}`,
      url: `/purge?key=${PURGE_KEY}`,
    });
  });

  it('logs the failures with addresses that carry neither the user info nor the query', () => {
    const failed = text
      .split('\n')
      .find((line) => line.includes('"consumer":"cdn-purge"') && line.includes('failed'));
    expect(failed, text).toBeDefined();
    expect(failed).toContain('/purge?key=***');
    expect(text).toContain('a mail could not be sent');
    for (const secret of [PURGE_PASSWORD, PURGE_KEY, SMTP_PASSWORD])
      expect(text).not.toContain(secret);
  });
});

describe.skipIf(testEngine() !== 'postgres')('replicas in /metrics', () => {
  it('are named without their password, whether in the user info or as password=', async () => {
    const primary = await createTestDatabase();
    // Nobody listens there: the replica is unreachable, and named all the same.
    const port = await freePort();
    const replicaUrl = `postgres://reader:userinfo-pw@127.0.0.1:${port}/patrika?password=query-pw&sslmode=disable`;
    const database = await openDatabase({
      databaseUrl: primary.url,
      dataDir: '',
      poolSize: 2,
      replicaUrls: [replicaUrl],
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'patrika-test-'));
    const app = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
        DATABASE_URL: primary.url,
        JWT_SECRET: 'a-secret-long-enough-for-the-replica-labels',
      }),
      { database, web: false },
    );
    try {
      const res = await app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        `patrika_replica_usable{replica="postgres://***@127.0.0.1:${port}/patrika?password=***&sslmode=***"} 0`,
      );
      expect(res.body).not.toContain('userinfo-pw');
      expect(res.body).not.toContain('query-pw');
    } finally {
      await app.close();
      await database.close();
      await primary.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
