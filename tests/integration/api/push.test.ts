/*
 * Web push alerts (issue 25 item 3): a browser subscribes, an editor sends an alert for a
 * published article, and the job delivers it to a real local HTTPS push service
 * (tests/setup/push-endpoint.ts), which decrypts it as a browser would (RFC 8291) and checks its
 * VAPID signature. The app trusts that service's self-signed certificate the way an operator
 * would make it trust a private authority: NODE_EXTRA_CA_CERTS, given to the app's settings.
 * A service answering 410 loses its subscription; bad subscriptions, authors, readers, drafts
 * and a second alert inside the minute are refused and change nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { pushSubscriptions } from '../../../db/schema/push';
import { jobs } from '../../../db/schema/jobs';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { ALERTS_LIMIT_KEY } from '../../../server/modules/push/push-routes';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import {
  startPushEndpoint,
  type PushEndpoint,
  type TestSubscriber,
} from '../../setup/push-endpoint';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let push: PushEndpoint;
/** The same site on the same database without PUSH_ALLOW_PRIVATE: what production does. */
let strict: FastifyInstance;
const dirs: string[] = [];
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let categoryId: string;

/** Generous for a busy machine: jobs are polled every 2 s; this only bounds a failure. */
const DELIVERED = { timeout: 30_000, interval: 100 };

const subscribe = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: payload as object });
const sendAlert = (who: TestUser | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/alerts',
    headers: who ? auth(who) : {},
    payload,
  });
/** A reader's browser: the beacon counts no bot. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const alertCounts = async (id: string) => {
  const res = await t.app.inject({ url: `/api/push/alerts/${id}`, headers: auth(editor) });
  expect(res.statusCode).toBe(200);
  return res.json() as { sent: number; failed: number; removed: number; finishedAt: string | null };
};
const subscriptionCount = async () =>
  (await t.database.db.select({ n: count() }).from(pushSubscriptions))[0]?.n ?? 0;
const isSubscribed = async (endpoint: string) =>
  (
    await t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  ).length === 1;
const published = (name: string) =>
  createArticle(t.app, admin, categoryId, { name, status: 'published' });

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: push.caFile });
  const dir = mkdtempSync(join(tmpdir(), 'patrika-push-strict-'));
  dirs.push(dir);
  strict = await buildApp(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }), {
    database: t.database,
    web: false,
    pollJobs: false,
  });
  await strict.ready();
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  categoryId = (await createCategory(t.app, admin, { name: 'Alerts Desk' }))._id;
});
afterAll(async () => {
  await strict?.close();
  await t?.close();
  await push?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
// One alert a minute is the site's default: each test starts a fresh minute.
beforeEach(() => t.app.services.rateLimits.reset(ALERTS_LIMIT_KEY));

describe('GET /api/push/key', () => {
  it('answers the VAPID public key, the same in every process on the database', async () => {
    const res = await t.app.inject({ url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await strict.inject({ url: '/api/push/key' })).json()).toEqual({ publicKey });
  });
});

describe('an alert, end to end', () => {
  let reader: TestSubscriber;
  let gone: TestSubscriber;

  it('subscribes browsers: 201, and once per endpoint', async () => {
    reader = push.subscriber();
    gone = push.subscriber({ answer: 410 });
    const before = await subscriptionCount();
    for (const browser of [reader, gone]) {
      const res = await subscribe(t.app, { endpoint: browser.endpoint, keys: browser.keys });
      expect(res.statusCode).toBe(201);
    }
    // The same endpoint again (a browser re-affirming) is still one subscription.
    expect(
      (await subscribe(t.app, { endpoint: reader.endpoint, keys: reader.keys })).statusCode,
    ).toBe(201);
    expect(await subscriptionCount()).toBe(before + 2);
  });

  it('reaches the push service decrypted (RFC 8291) with the article’s title and address; a 410 endpoint is removed', async () => {
    const story = await published('Monsoon reaches Kerala');
    const { publicKey } = (await t.app.inject({ url: '/api/push/key' })).json() as {
      publicKey: string;
    };
    const res = await sendAlert(editor, { articleId: story._id });
    expect(res.statusCode).toBe(202);
    const { _id } = res.json() as { _id: string };

    // Due at once: the next poll of the jobs (every 2 s) takes it.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.subjectId, _id));
    expect(job?.kind).toBe('push-alert');
    await expect.poll(() => reader.delivered.length, DELIVERED).toBe(1);
    expect(reader.broken).toEqual([]);
    const [message] = reader.delivered;
    expect(message?.payload).toEqual({
      title: 'Monsoon reaches Kerala',
      body: 'A test article.',
      url: `${t.config.publicUrl}${articlePath(story)}?utm_source=push`,
      image: 'https://images.example.com/photo.jpg',
    });
    expect(message?.contentEncoding).toBe('aes128gcm');
    expect(message?.urgency).toBe('high');
    expect(Number(message?.ttl)).toBeGreaterThan(0);
    // Signed with the site's VAPID key, for this push service's origin.
    expect(message?.vapidKey).toBe(publicKey);
    expect(message?.vapidClaims?.aud).toBe(push.origin);

    await expect
      .poll(() => alertCounts(_id), DELIVERED)
      .toMatchObject({ sent: 1, failed: 0, removed: 1, finishedAt: expect.any(String) });
    expect(await isSubscribed(gone.endpoint)).toBe(false);
    expect(await isSubscribed(reader.endpoint)).toBe(true);
  });

  it('sends the next alert, with its own title, to the subscriptions left: nothing to the removed one', async () => {
    const story = await published('Counting day');
    const res = await sendAlert(editor, { articleId: story._id, title: 'Results: live' });
    expect(res.statusCode).toBe(202);
    const { _id } = res.json() as { _id: string };
    await expect
      .poll(() => alertCounts(_id), DELIVERED)
      .toMatchObject({ sent: 1, failed: 0, removed: 0, finishedAt: expect.any(String) });
    expect(reader.delivered.map((m) => (m.payload as { title: string }).title)).toEqual([
      'Monsoon reaches Kerala',
      'Results: live',
    ]);
    // The removed endpoint was asked once (the first alert, which it answered 410), never again.
    expect(gone.delivered).toEqual([]);
  });

  it('counts the views an alert brought: readers who came from push to its story since (issue 38 item 4)', async () => {
    const story = await published('Flood warning for Assam');
    const res = await sendAlert(editor, { articleId: story._id });
    expect(res.statusCode).toBe(202);
    const { _id } = res.json() as { _id: string };
    expect((await alertCounts(_id)) as unknown).toMatchObject({ views: 0 });
    // Two readers from the alert's address, one from search: the alert brought two.
    const view = (ip: string, utm?: { source: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/event',
        remoteAddress: ip,
        headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
        payload: JSON.stringify({
          type: 'view',
          path: articlePath(story),
          articleId: story._id,
          referrer: utm ? '' : 'https://www.google.com/',
          ...(utm ? { utm } : {}),
        }),
      });
    for (const [ip, utm] of [
      ['10.61.0.1', { source: 'push' }],
      ['10.61.0.2', { source: 'push' }],
      ['10.61.0.3', undefined],
    ] as const)
      expect((await view(ip, utm)).statusCode).toBe(204);
    await t.app.services.analytics.flush();
    await t.app.services.analytics.rollUp();
    expect((await alertCounts(_id)) as unknown).toMatchObject({ views: 2 });
    const desk = await t.app.inject({ url: '/api/push/alerts', headers: auth(editor) });
    const listed = (desk.json() as { alerts: { _id: string; views: number }[] }).alerts;
    expect(listed.find((a) => a._id === _id)?.views).toBe(2);
  });

  it('counts a push service that refuses as failed, and keeps its subscription', async () => {
    const refusing = push.subscriber({ answer: 500 });
    expect(
      (await subscribe(t.app, { endpoint: refusing.endpoint, keys: refusing.keys })).statusCode,
    ).toBe(201);
    const story = await published('A refused alert');
    const { _id } = (await sendAlert(admin, { articleId: story._id })).json() as { _id: string };
    await expect
      .poll(() => alertCounts(_id), DELIVERED)
      .toMatchObject({ sent: 1, failed: 1, removed: 0, finishedAt: expect.any(String) });
    expect(await isSubscribed(refusing.endpoint)).toBe(true);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: refusing.endpoint },
    });
    expect(res.statusCode).toBe(200);
    expect(await isSubscribed(refusing.endpoint)).toBe(false);
  });
});

describe('POST /api/push/subscriptions refuses bad subscriptions (400) and keeps nothing', () => {
  const browser = () => push.subscriber();
  const cases: [string, () => { app: () => FastifyInstance; payload: unknown; path: string }][] = [
    [
      'an http: endpoint',
      () => {
        const b = browser();
        return {
          app: () => t.app,
          payload: { endpoint: b.endpoint.replace('https:', 'http:'), keys: b.keys },
          path: 'body.endpoint',
        };
      },
    ],
    [
      'a loopback address without PUSH_ALLOW_PRIVATE',
      () => {
        const b = browser();
        return {
          app: () => strict,
          payload: { endpoint: b.endpoint, keys: b.keys },
          path: 'body.endpoint',
        };
      },
    ],
    [
      'a name resolving to loopback without PUSH_ALLOW_PRIVATE',
      () => {
        const b = push.subscriber({ host: 'localhost' });
        return {
          app: () => strict,
          payload: { endpoint: b.endpoint, keys: b.keys },
          path: 'body.endpoint',
        };
      },
    ],
    [
      'a private network address without PUSH_ALLOW_PRIVATE',
      () => {
        const b = browser();
        return {
          app: () => strict,
          payload: { endpoint: 'https://192.168.1.20/push/abc', keys: b.keys },
          path: 'body.endpoint',
        };
      },
    ],
    [
      'a p256dh of the wrong length',
      () => {
        const b = browser();
        return {
          app: () => t.app,
          payload: {
            endpoint: b.endpoint,
            keys: { ...b.keys, p256dh: b.keys.p256dh.slice(0, 40) },
          },
          path: 'body.keys.p256dh',
        };
      },
    ],
    [
      'a p256dh that is no point on P-256',
      () => {
        const b = browser();
        const point = Buffer.from(b.keys.p256dh, 'base64url');
        point[40] = (point[40] ?? 0) ^ 1;
        return {
          app: () => t.app,
          payload: {
            endpoint: b.endpoint,
            keys: { ...b.keys, p256dh: point.toString('base64url') },
          },
          path: 'body.keys.p256dh',
        };
      },
    ],
    [
      'an auth secret of the wrong length',
      () => {
        const b = browser();
        return {
          app: () => t.app,
          payload: { endpoint: b.endpoint, keys: { ...b.keys, auth: 'c2hvcnQ' } },
          path: 'body.keys.auth',
        };
      },
    ],
    [
      'no keys',
      () => ({ app: () => t.app, payload: { endpoint: browser().endpoint }, path: 'body.keys' }),
    ],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const { app, payload, path } = make();
      const before = await subscriptionCount();
      const res = await subscribe(app(), payload);
      expect(res.statusCode, res.body).toBe(400);
      const { errors } = res.json() as { errors: { path: string }[] };
      expect(errors.map((e) => e.path)).toContain(path);
      expect(await subscriptionCount()).toBe(before);
    });
  }

  it('refuses an inside address in any IPv6 spelling on the strict site (issue 44 item 10)', async () => {
    const keys = browser().keys;
    for (const host of [
      '[64:ff9b::127.0.0.1]', // NAT64
      '[64:ff9b::a9fe:a9fe]', // NAT64 of the cloud metadata address
      '[64:ff9b:1::7f00:1]', // local-use NAT64
      '[::127.0.0.1]', // IPv4-compatible
      '[::ffff:127.0.0.1]', // IPv4-mapped
      '[2002:7f00:1::1]', // 6to4
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo, client 127.0.0.1
      '[fec0::1]', // site-local
    ]) {
      const before = await subscriptionCount();
      const res = await subscribe(strict, { endpoint: `https://${host}/push/abc`, keys });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain('body.endpoint');
      expect(await subscriptionCount()).toBe(before);
    }
  });

  it('takes a public address on the strict site', async () => {
    const endpoint = 'https://93.184.216.34/push/patrika-test-endpoint';
    const res = await subscribe(strict, { endpoint, keys: browser().keys });
    expect(res.statusCode, res.body).toBe(201);
    expect(await isSubscribed(endpoint)).toBe(true);
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  });
});

describe('POST /api/push/alerts', () => {
  it('is for editors and administrators: nobody 401, an author 403, and no alert goes', async () => {
    const story = await published('Not for authors');
    expect((await sendAlert(undefined, { articleId: story._id })).statusCode).toBe(401);
    const refused = await sendAlert(author, { articleId: story._id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only editors and administrators send alerts.');
    const list = await t.app.inject({ url: '/api/push/alerts', headers: auth(author) });
    expect(list.statusCode).toBe(403);
    const alerts = await t.app.inject({ url: '/api/push/alerts', headers: auth(editor) });
    expect(
      (alerts.json() as { alerts: { title: string }[] }).alerts.map((a) => a.title),
    ).not.toContain('Not for authors');
  });

  it('refuses an article that is not published (400 naming articleId), and one that does not exist', async () => {
    const draft = await createArticle(t.app, admin, categoryId, {
      name: 'A draft',
      status: 'draft',
    });
    for (const articleId of [draft._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await sendAlert(editor, { articleId });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'body.articleId',
          message: 'No published article has this id.',
          code: 'article.not_published',
        },
      ]);
    }
    // A refused alert takes nobody's turn: the next one goes.
    const story = await published('After the refusals');
    expect((await sendAlert(editor, { articleId: story._id })).statusCode).toBe(202);
  });

  it('lets one alert a minute go for the whole site: the second is 429 with Retry-After', async () => {
    const story = await published('Once a minute');
    expect((await sendAlert(editor, { articleId: story._id })).statusCode).toBe(202);
    // Counted in the database: the other process on it refuses too.
    const again = await strict.inject({
      method: 'POST',
      url: '/api/push/alerts',
      headers: auth(admin),
      payload: { articleId: story._id },
    });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json().message).toMatch(/^An alert went out a moment ago\./);
  });

  it('answers 404 for an alert that does not exist', async () => {
    const res = await t.app.inject({
      url: '/api/push/alerts/00000000-0000-4000-8000-000000000000',
      headers: auth(editor),
    });
    expect(res.statusCode).toBe(404);
  });
});
