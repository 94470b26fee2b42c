/*
 * Changes as events (issue 36 item 1): a save's event is written in the save's own transaction,
 * so what follows it survives a process killed right after the save answered. Two real
 * processes on one PostgreSQL database and a real purge receiver: the save's process is killed
 * with SIGKILL while its purge cannot go out; after it starts again, the receiver gets the purge
 * for the article's tags and addresses, and `GET /api/events` lists the change once.
 * Runs in the PostgreSQL stage (the embedded engine is one process).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { CacheTags } from '../../../common/cache-tags';
import { articleBody } from '../../factories';
import { freePort, startServer, tempDataDir, type RunningServer } from '../../setup/spawn-server';
import { createTestDatabase, testEngine } from '../../setup/test-db';
import { PROCESS_TEST } from '../../setup/timeouts';
import { waitUntil } from '../../setup/wait-until';

interface Purge {
  tags: string[];
  drop: string[];
  urls: string[];
}

/**
 * A purge receiver that either answers or holds every request unanswered (a front cache that
 * hangs); letting go ends the held connections, as a restarted front cache would.
 */
async function purgeReceiver() {
  const port = await freePort();
  const received: Purge[] = [];
  const held: ServerResponse[] = [];
  let holding = false;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (holding) {
        held.push(res);
        return;
      }
      received.push(JSON.parse(text) as Purge);
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/purge`,
    received,
    hold: () => (holding = true),
    letGo() {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const SITE = 'https://patrika.example';

async function call(
  server: RunningServer,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as Record<string, unknown>;
}

describe.skipIf(testEngine() !== 'postgres')('events survive a process killed after a save', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean().catch(() => {});
  });

  it(
    'kill -9 right after a save answers: after a restart the purge arrives, and the event is listed once',
    async () => {
      const receiver = await purgeReceiver();
      cleanups.push(receiver.close);
      const database = await createTestDatabase();
      cleanups.push(() => database.close());
      const env = {
        DATABASE_URL: database.url as string,
        SEED_DEMO: '0',
        WEB_CONCURRENCY: '1',
        CDN_PURGE_URL: receiver.url,
        PUBLIC_URL: SITE,
      };
      const aDir = tempDataDir();
      const start = (dataDir: string) => startServer({ ...env, DATA_DIR: dataDir });
      const b0 = start(tempDataDir());
      let a = await start(aDir);
      const b = await b0;
      cleanups.push(
        () => b.stop('SIGKILL'),
        () => a.stop('SIGKILL'),
      );

      const admin = await call(a, '/api/users/signup', {
        method: 'POST',
        body: { name: 'Desk', email: 'desk@example.com', password: 'a long enough password' },
      });
      const token = admin.token as string;
      const category = await call(a, '/api/categories/addCategory', {
        method: 'POST',
        token,
        body: { name: 'Outbox News', description: 'Kept through a kill.', isHome: false },
      });
      const article = await call(a, '/api/articles/article', {
        method: 'POST',
        token,
        body: articleBody(category._id as string, { name: 'Outbox story' }),
      });
      const tag = CacheTags.article(article._id as string);
      const path = `/${category.slug as string}/${article.slug as string}`;
      await waitUntil(() => receiver.received.some((p) => p.tags.includes(tag)), {
        timeoutMs: 30_000,
        message: 'the new article’s purge never arrived',
      });

      // The front cache hangs: whichever process reads the save's event cannot purge.
      receiver.hold();
      const since = receiver.received.length;
      await call(a, `/api/articles/${article._id as string}`, {
        method: 'PUT',
        token,
        body: articleBody(category._id as string, {
          name: 'Outbox story, corrected',
          slug: article.slug,
        }),
      });
      expect(await a.stop('SIGKILL')).toBe(null);
      receiver.letGo();
      a = await start(aDir);

      await waitUntil(() => receiver.received.slice(since).some((p) => p.tags.includes(tag)), {
        timeoutMs: 60_000,
        message: 'the saved article’s purge never arrived after the kill',
        detail: () => `${a.output()}\n${b.output()}`,
      });
      const purge = receiver.received.slice(since).find((p) => p.tags.includes(tag))!;
      expect(purge.urls).toEqual(
        expect.arrayContaining([`${SITE}${path}`, `${SITE}/category/${category.slug as string}`]),
      );

      const { events } = (await call(b, '/api/events?limit=1000', { token })) as {
        events: { type: string; subject: { kind: string; id: string }; data: { title?: string } }[];
      };
      const saves = events.filter(
        (e) => e.subject.id === article._id && e.type === 'article.updated',
      );
      expect(saves).toHaveLength(1);
      expect(saves[0]!.data.title).toBe('Outbox story, corrected');
    },
    PROCESS_TEST,
  );
});
