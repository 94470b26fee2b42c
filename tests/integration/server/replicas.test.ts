/*
 * Reads from a streaming replica (issue 28 item 2): a real Patrika on a private primary and a
 * replica made from it by `pg_basebackup -R`, which replays WAL two seconds late
 * (recovery_min_apply_delay), so a read that wrongly went to it would show the old text.
 * Anonymous reads run on the replica (its table counters move, the primary's hardly do); after
 * a save, the editor and every reader see it at once (the change fence sends reads to the
 * primary until the replica has replayed it); a gift link opens as soon as it is given and stops
 * as soon as it is stopped; stopping the replica changes nothing readers see.
 * Runs in the PostgreSQL stage (it needs the machine's PostgreSQL binaries).
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canMakePrivatePostgres,
  startPrivatePostgres,
  startReplicaOf,
} from '../../setup/private-postgres';
import { startServer, tempDataDir, type RunningServer } from '../../setup/spawn-server';
import { testEngine } from '../../setup/test-db';
import { PROCESS_TEST } from '../../setup/timeouts';
import { waitUntil } from '../../setup/wait-until';

const runs = testEngine() === 'postgres' && canMakePrivatePostgres();

/** Runs one statement on a cluster and answers the first row's `n`, as a number. */
async function numberFrom(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n?: string }>(sql);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** How many times the articles table was read on a cluster (sequential and index scans). */
const articleReads = (url: string) =>
  numberFrom(
    url,
    `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS n
       FROM pg_stat_user_tables WHERE relname = 'articles'`,
  );

/**
 * How many statements reading the articles table a cluster has run. pg_stat_statements counts
 * each as it ends; the table counters above reach other sessions only when a backend flushes
 * them (a second or more later on a busy machine), so reads made before a window would show in it.
 */
const articleSelects = (url: string) =>
  numberFrom(
    url,
    `SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements
      WHERE query ~* '^\\s*select' AND query LIKE '%"articles"%'`,
  );

async function call(server: RunningServer, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

async function newsroom(server: RunningServer) {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await call(server, path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.status, res.body).toBeLessThan(300);
    return JSON.parse(res.body) as Record<string, string>;
  };
  const { token } = await post('/api/users/signup', {
    name: 'Replica Editor',
    email: 'replica@example.com',
    password: 'a long enough password',
  });
  const category = await post(
    '/api/categories/addCategory',
    { name: 'Results', description: 'Counting.' },
    token,
  );
  const fields = {
    category: category._id,
    imageUrl: 'https://images.example.com/count.jpg',
    description: '<p>Counting began at eight.</p>',
  };
  const story = await post('/api/articles/article', { name: 'Round 0', ...fields }, token);
  const save = (name: string) =>
    call(server, `/api/articles/${story._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token!}` },
      body: JSON.stringify({ name, ...fields }),
    });
  return { token: token!, id: story._id!, slug: category.slug!, save, post, fields };
}

/** Statements this server's process has read from a replica so far (its metrics). */
async function replicaReads(server: RunningServer) {
  const metrics = (await call(server, '/metrics')).body;
  return [...metrics.matchAll(/patrika_replica_statements_total\{[^}]*result="read"\} (\d+)/g)]
    .map((m) => Number(m[1]))
    .reduce((a, b) => a + b, 0);
}

/** Waits until `probe`, an anonymous read, runs on the replica (no change fence holds it). */
async function readsOnReplica(server: RunningServer, probe: string) {
  await waitUntil(
    async () => {
      const before = await replicaReads(server);
      await call(server, probe);
      return (await replicaReads(server)) > before;
    },
    { timeoutMs: 60_000, intervalMs: 250, message: 'anonymous reads run on the replica again' },
  );
}

/**
 * A gift link (issue 39 item 5) opens the moment it is given and stops the moment it is
 * stopped, though anonymous reads go to a replica two seconds behind: whether a gift stands is
 * asked of the primary (a gift sends no change event, so no fence waits for the replica).
 */
async function giftLinks(
  server: RunningServer,
  site: Awaited<ReturnType<typeof newsroom>>,
  replicaUrl: string,
) {
  const secret = 'the frimbleton tally sheet';
  const story = await site.post(
    '/api/articles/article',
    {
      ...site.fields,
      name: 'For members',
      description: `<p>One.</p><p>Two.</p><p>Then ${secret}.</p>`,
      access: 'members',
    },
    site.token,
  );
  const plan = await site.post(
    '/api/plans',
    {
      name: 'Monthly',
      interval: 'month',
      amount: 9900,
      currency: 'INR',
      access: 'members',
      active: true,
    },
    site.token,
  );
  const giver = await site.post('/api/users/signup', {
    name: 'A member',
    email: 'member@example.com',
    password: 'a long enough password',
  });
  await site.post(`/api/members/${giver._id}/complimentary`, { planId: plan._id }, site.token);
  const standing = () =>
    numberFrom(replicaUrl, 'SELECT count(*) AS n FROM article_gifts WHERE revoked_at IS NULL');
  await readsOnReplica(server, `/api/articles/article/${site.id}`);

  const gift = await site.post(`/api/articles/${story._id}/gifts`, {}, giver.token);
  const giftPath = new URL(gift.url!).pathname + new URL(gift.url!).search;
  const opened = async () => (await call(server, giftPath)).body.includes(secret);
  expect(await opened(), 'a gift link opens at once').toBe(true);

  // Once the replica holds the gift, it is stopped: it opens no more, at once.
  await waitUntil(async () => (await standing()) === 1, {
    timeoutMs: 60_000,
    intervalMs: 250,
    message: 'the replica holds the gift',
  });
  const mine = await call(server, '/api/me/gifts', {
    headers: { authorization: `Bearer ${giver.token}` },
  });
  const { gifts } = JSON.parse(mine.body) as { gifts: { _id: string }[] };
  const stopped = await call(server, `/api/me/gifts/${gifts[0]!._id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${giver.token}` },
  });
  expect(stopped.status, stopped.body).toBe(204);
  expect(await opened(), 'a stopped gift link opens no more, at once').toBe(false);
}

describe.skipIf(!runs)('reads from a streaming replica', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it(
    'sends anonymous reads to the replica, shows every save at once, and keeps serving when the replica stops',
    async () => {
      const primary = await startPrivatePostgres({ preload: ['pg_stat_statements'] });
      cleanups.push(() => primary.destroy());
      await numberFrom(primary.url, 'CREATE EXTENSION pg_stat_statements');
      const replica = await startReplicaOf(primary, { applyDelay: '2s' });
      cleanups.push(() => replica.destroy());
      const dataDir = tempDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = await startServer({
        DATABASE_URL: primary.url,
        DATABASE_REPLICA_URL: replica.url,
        REPLICA_MAX_LAG: '10',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        WEB_CONCURRENCY: '1',
        JWT_SECRET: 'a-secret-that-is-long-enough-for-the-replicas',
        API_RATE_LIMIT: '1000000',
      });
      cleanups.push(() => server.stop());
      const site = await newsroom(server);
      const api = `/api/articles/article/${site.id}`;

      // Once the replica has replayed the newsroom's start (two seconds late), reads go to it.
      await waitUntil(
        async () => {
          const before = await articleReads(replica.url);
          for (let i = 0; i < 5; i++) await call(server, api);
          return (await articleReads(replica.url)) > before;
        },
        { timeoutMs: 60_000, intervalMs: 500, message: 'anonymous reads reach the replica' },
      );
      const replicaBefore = await articleReads(replica.url);
      const primaryBefore = await articleSelects(primary.url);
      const READS = 200;
      for (let i = 0; i < READS; i++) {
        const res = await call(server, i % 2 ? api : `/category/${site.slug}?page=${(i % 7) + 1}`);
        expect(res.status).toBeLessThan(500);
      }
      await waitUntil(async () => (await articleReads(replica.url)) - replicaBefore >= READS / 2, {
        timeoutMs: 60_000,
        intervalMs: 500,
        message: 'anonymous reads ran on the replica',
      });
      const onPrimary = (await articleSelects(primary.url)) - primaryBefore;
      console.log(
        `replica: ${(await articleReads(replica.url)) - replicaBefore} article reads, primary: ${onPrimary}, for ${READS} anonymous requests`,
      );
      expect(onPrimary).toBeLessThan(READS / 10);
      const metrics = (await call(server, '/metrics')).body;
      expect(metrics).toMatch(
        /patrika_replica_statements_total\{replica="[^"]+",result="read"\} [1-9]/,
      );

      // Every save shows at once: to its editor, to the browser that wrote it, to any reader.
      for (let round = 1; round <= 5; round++) {
        const name = `Round ${round}`;
        const saved = await site.save(name);
        expect(saved.status, saved.body).toBe(200);
        expect(saved.headers.get('set-cookie')).toMatch(/patrika_wrote=1/);
        const editor = await call(server, api, {
          headers: { authorization: `Bearer ${site.token}` },
        });
        expect(JSON.parse(editor.body).name).toBe(name);
        const anyone = await call(server, api);
        expect(JSON.parse(anyone.body).name, 'an anonymous read right after the save').toBe(name);
      }

      await giftLinks(server, site, replica.url);

      // The replica stops: readers see nothing change.
      replica.stop();
      for (let i = 0; i < 40; i++) {
        const res = await call(server, api);
        expect(res.status, res.body).toBe(200);
        expect(JSON.parse(res.body).name).toBe('Round 5');
      }
      expect((await call(server, `/category/${site.slug}?page=9`)).status).toBeLessThan(500);
      expect((await call(server, '/metrics')).body).toMatch(/patrika_replica_usable\{[^}]*\} 0/);
      expect(await server.stop()).toBe(0);
    },
    PROCESS_TEST,
  );
});
