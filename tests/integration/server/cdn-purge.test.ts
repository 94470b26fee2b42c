/*
 * Front caches hear about changes (issue 23 item 3): with CDN_PURGE_URL pointing at a receiver,
 * a save posts the tags of what it touched and the public addresses it touches; a receiver that
 * refuses or is down never fails the save, and the purge is retried, counted in /metrics, and
 * delivered when it comes back. A real HTTP receiver on a free port, a real app.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { PURGED_SHARED_SECONDS } from '../../../server/caching/cdn-purge';
import { publicCacheControl } from '../../../server/caching/http-caching';
import { NOT_FRESH_CACHE_CONTROL } from '../../../server/caching/page-cache';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { parsePrometheusText } from '../../setup/prometheus-text';
import { freePort } from '../../setup/spawn-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

const TOKEN = 'purge-token-for-tests';
const SITE = 'https://patrika.example';

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { tags?: string[]; drop?: string[]; urls?: string[]; everything?: string };
}

/** A purge receiver: accepts (and records) or refuses with 500; can be stopped and started. */
function purgeReceiver(port: number) {
  const received: Received[] = [];
  let refuse = false;
  let server: Server | undefined;
  return {
    received,
    url: `http://127.0.0.1:${port}/purge`,
    refuse(on: boolean) {
      refuse = on;
    },
    async start() {
      if (server) return;
      server = createServer((req, res) => {
        let text = '';
        req.on('data', (chunk: Buffer) => (text += chunk.toString()));
        req.on('end', () => {
          if (refuse) {
            res.writeHead(500).end('not now');
            return;
          }
          received.push({
            method: req.method ?? '',
            path: req.url ?? '',
            headers: req.headers,
            body: JSON.parse(text) as Received['body'],
          });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      const stopping = server;
      server = undefined;
      if (!stopping) return;
      // Kept-alive connections too: the next purge must find nobody listening.
      stopping.closeAllConnections();
      await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
  };
}

let t: TestApp;
let admin: TestUser;
let categoryId: string;
let categorySlug: string;
let receiver: ReturnType<typeof purgeReceiver>;
const time = shiftedClock();

beforeAll(async () => {
  receiver = purgeReceiver(await freePort());
  await receiver.start();
  t = await createTestApp(
    { CDN_PURGE_URL: receiver.url, CDN_PURGE_TOKEN: TOKEN, PUBLIC_URL: SITE },
    { web: 'build', clock: time.clock },
  );
  admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin, { name: 'Purge News' });
  categoryId = category._id;
  categorySlug = category.slug;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const metrics = async () => {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  const text = parsePrometheusText(res.body);
  return {
    sent: text.value('patrika_cdn_purge_requests_total', { result: 'sent' }) ?? 0,
    failed: text.value('patrika_cdn_purge_requests_total', { result: 'failed' }) ?? 0,
    retried: text.value('patrika_cdn_purge_retries_total') ?? 0,
    queued: text.value('patrika_cdn_purge_queue') ?? 0,
  };
};

const save = (id: string, name: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: auth(admin),
    payload: {
      name,
      category: categoryId,
      imageUrl: 'https://images.example.com/a.jpg',
      description: `<p>${name}, the body.</p>`,
    },
  });

/**
 * Waits until the receiver has accepted a purge naming `tag` (among the purges from the
 * `since`th on), and answers it.
 */
async function purgeNaming(
  tag: string,
  { key = 'tags', since = 0 }: { key?: 'tags' | 'drop'; since?: number } = {},
): Promise<Received> {
  let found: Received | undefined;
  await waitUntil(
    () => {
      found = receiver.received.slice(since).find((r) => r.body[key]?.includes(tag));
      return found !== undefined;
    },
    {
      timeoutMs: 30_000,
      message: `no purge naming ${tag} in ${key} reached the receiver`,
      detail: () => JSON.stringify(receiver.received.map((r) => r.body)),
    },
  );
  return found!;
}

describe('purges for a front cache (CDN_PURGE_URL, the JSON webhook)', () => {
  it('a save posts the article’s tags and the addresses it touches, with the token', async () => {
    const article = await createArticle(t.app, admin, categoryId, { name: 'Purged story' });
    const path = `/${categorySlug}/${article.slug}`;
    const first = await t.app.inject({ url: path });
    expect(first.statusCode).toBe(200);
    // With a purge, a shared cache may keep the page a day.
    expect(first.headers['cache-control']).toBe(publicCacheControl(PURGED_SHARED_SECONDS));
    expect((await t.app.inject({ url: path })).headers['x-page-cache']).toBe('hit');
    // The article's creation is purged too (the lists it entered), before its page was kept.
    await purgeNaming(CacheTags.article(article._id));
    const since = receiver.received.length;

    const res = await save(article._id, 'Purged story, again');
    expect(res.statusCode).toBe(200);
    const purge = await purgeNaming(CacheTags.article(article._id), { since });
    expect(purge.method).toBe('POST');
    expect(purge.path).toBe('/purge');
    expect(purge.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(purge.headers['content-type']).toMatch(/^application\/json/);
    expect(purge.body.tags).toContain(CacheTags.sitemaps);
    // Its page's address, its section's and the home's, absolute, from the change itself.
    expect(purge.body.urls).toEqual(
      expect.arrayContaining([`${SITE}${path}`, `${SITE}/category/${categorySlug}`, `${SITE}/`]),
    );
    expect(purge.body.drop).toEqual([]);
  });

  it('a deleted article’s page is named as one to drop', async () => {
    const article = await createArticle(t.app, admin, categoryId, { name: 'Soon gone' });
    await t.app.inject({ url: `/${categorySlug}/${article.slug}` });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode).toBe(200);
    const purge = await purgeNaming(CacheTags.articlePage(article._id), { key: 'drop' });
    expect(purge.body.tags).toContain(CacheTags.articlePage(article._id));
    expect(purge.body.urls).toContain(`${SITE}/${categorySlug}/${article.slug}`);
  });

  for (const outage of ['refuses (500)', 'is down (connection refused)'] as const) {
    it(`a receiver that ${outage}: the save answers 200, the purge is retried, counted, and delivered later`, async () => {
      const article = await createArticle(t.app, admin, categoryId, { name: `Outage ${outage}` });
      const tag = CacheTags.article(article._id);
      const before = await metrics();
      if (outage === 'refuses (500)') receiver.refuse(true);
      else await receiver.stop();
      try {
        const res = await save(article._id, 'Saved while the front cache is away');
        expect(res.statusCode).toBe(200);
        await waitUntil(
          async () => {
            const now = await metrics();
            return now.failed >= before.failed + 2 && now.retried >= before.retried + 1;
          },
          { timeoutMs: 30_000, message: 'the failed purge was never counted and retried' },
        );
        expect((await metrics()).queued).toBeGreaterThan(0);
        expect(receiver.received.some((r) => r.body.tags?.includes(tag))).toBe(false);
      } finally {
        receiver.refuse(false);
        await receiver.start();
      }
      await purgeNaming(tag);
      // The receiver records a purge before it answers, and the queue empties when a batch
      // leaves: "sent" is counted only once the answer is read, so wait for that too.
      await waitUntil(
        async () => {
          const now = await metrics();
          return now.queued === 0 && now.sent > before.sent;
        },
        { timeoutMs: 10_000, message: 'the delivered purge was never counted as sent' },
      );
    });
  }

  it('a reader’s own profile purges nothing; an author’s changes made while the front cache is away go as one purge (issue 44 item 11)', async () => {
    const reader = await createUser(t.app, 'reader');
    const author = await createUser(t.app, 'author');
    const rename = (who: TestUser, name: string) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me', headers: auth(who), payload: { name } });
    expect((await rename(reader, 'Reader Renamed')).statusCode).toBe(200);
    // A change after it, which does purge: once it is there, the reader's would have been too.
    const marker = await createArticle(t.app, admin, categoryId, { name: 'After the reader' });
    await purgeNaming(CacheTags.article(marker._id));
    expect(receiver.received.some((r) => r.body.tags?.includes(CacheTags.author(reader._id)))).toBe(
      false,
    );

    receiver.refuse(true);
    const since = receiver.received.length;
    try {
      for (const n of [1, 2, 3])
        expect((await rename(author, `Author Renamed ${n}`)).statusCode).toBe(200);
      await waitUntil(async () => (await metrics()).failed > 0, {
        timeoutMs: 30_000,
        message: 'the author’s purge was never tried',
      });
    } finally {
      receiver.refuse(false);
    }
    await purgeNaming(CacheTags.author(author._id), { since });
    const naming = receiver.received
      .slice(since)
      .filter((r) => r.body.tags?.includes(CacheTags.author(author._id)));
    expect(naming).toHaveLength(1);
  });

  it('an answer that may show what changed tells shared caches to keep it only while they fetch it again', async () => {
    const article = await createArticle(t.app, admin, categoryId, { name: 'Aging story' });
    const path = `/${categorySlug}/${article.slug}`;
    await t.app.inject({ url: path });
    // Past its freshness here: served stale while this process renders it again.
    time.shift(2 * 60_000);
    try {
      const stale = await t.app.inject({ url: path });
      expect(stale.headers['x-page-cache']).toBe('stale');
      expect(stale.headers['cache-control']).toBe(NOT_FRESH_CACHE_CONTROL);
      expect(stale.headers['cache-control']).toMatch(/s-maxage=1,/);
      await waitUntil(
        async () => (await t.app.inject({ url: path })).headers['x-page-cache'] === 'hit',
        { timeoutMs: 20_000, message: 'the stale page was never refreshed' },
      );
      const fresh = await t.app.inject({ url: path });
      expect(fresh.headers['cache-control']).toBe(publicCacheControl(PURGED_SHARED_SECONDS));
    } finally {
      time.shift(0);
    }
  });
});
