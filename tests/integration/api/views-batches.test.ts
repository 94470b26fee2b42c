/*
 * Views off the article row (issue 23 item 4): a view is counted in the process's memory and
 * written in batches to the views module's tables, never to `articles`; the dashboard, the
 * article's `views`, the admin list's `views` order and /api/stats read those tables; what is
 * counted is written when the app closes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { auth, createArticle, createCategory, createUser, type TestUser } from '../../factories';
import { startOfAStillClock } from '../../setup/clock';
import { migratedDataDir } from '../../setup/spawn-server';
import { createTestDatabase } from '../../setup/test-db';
import { waitUntil } from '../../setup/wait-until';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = mkdtempSync(join(tmpdir(), 'patrika-views-'));
const env = { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', API_RATE_LIMIT: '1000000' };

beforeAll(async () => {
  database = await createTestDatabase();
});
/** Data folders of this file's own embedded databases, removed at the end. */
const ownDirs: string[] = [];
afterAll(async () => {
  await database.close();
  for (const dir of [dataDir, ...ownDirs]) rmSync(dir, { recursive: true, force: true });
});

/** The rows a query answers on `db` (the test's own database unless said). */
async function rowsOf<T>(query: SQL, db: Database = database): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The real app, API only, on `db`; jobs are not polled (nothing here is scheduled). */
async function appOn(db: Database): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig(env), { database: db, web: false, pollJobs: false });
  await app.ready();
  return app;
}

/**
 * On PostgreSQL, a handle of its own whose connections carry `name`, so a test can tell when
 * they have all ended; on the embedded engine, the one database there is.
 */
async function handleNamed(name: string): Promise<Database> {
  if (!database.url) return database;
  const url = new URL(database.url);
  url.searchParams.set('application_name', name);
  return openDatabase({ databaseUrl: url.toString(), dataDir: '', migrate: false, poolSize: 4 });
}

/**
 * Closes a handle made by handleNamed and waits until its connections are gone: a backend
 * reports its table statistics (pg_stat_user_tables) before it leaves pg_stat_activity.
 */
async function closeNamed(db: Database, name: string): Promise<void> {
  if (db === database) return;
  await db.close();
  await waitUntil(
    async () => {
      const [row] = await rowsOf<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${name}`,
      );
      return row?.n === 0;
    },
    { timeoutMs: 30_000, message: `the connections named ${name} never ended` },
  );
}

/** Row versions PostgreSQL wrote for `articles` (updates, HOT or not); null where not kept. */
async function articleUpdates(): Promise<number | null> {
  if (database.engine !== 'postgres') return null; // PGlite keeps no table statistics
  const [row] = await rowsOf<{ n: number }>(
    sql`SELECT n_tup_upd::int AS n FROM pg_stat_user_tables WHERE relname = 'articles'`,
  );
  return row?.n ?? null;
}

/** The row's version (xmin changes with every write of the row) and its `updated_at`. */
async function rowOf(id: string) {
  const [row] = await rowsOf(
    sql`SELECT xmin::text AS version, updated_at::text AS "updatedAt" FROM articles WHERE id = ${id}`,
  );
  return row;
}

const view = (app: FastifyInstance, id: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: `/api/articles/${id}/view`, remoteAddress });
/** A different reader's address for each n below 62,500. */
const reader = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;

describe('a counted view', () => {
  it('1,000 views of one article from different addresses leave its row as it was and reach the dashboard', async () => {
    const setupDb = await handleNamed('patrika-views-setup');
    const setup = await appOn(setupDb);
    let editor: TestUser;
    let article: { _id: string; slug: string };
    try {
      editor = await createUser(setup, 'editor');
      const category = await createCategory(setup, editor);
      article = await createArticle(setup, editor, category._id);
    } finally {
      await setup.close();
      await closeNamed(setupDb, 'patrika-views-setup');
    }
    const rowBefore = await rowOf(article._id);
    const updatesBefore = await articleUpdates();

    const countingDb = await handleNamed('patrika-views-counting');
    const app = await appOn(countingDb);
    try {
      for (let n = 0; n < 1000; n += 50) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => view(app, article._id, reader(n + i))),
        );
        for (const answer of answers) expect(answer.json()).toEqual({ counted: true });
      }
      // Nothing here writes them: the counter's own timer does, within 5 seconds
      // (tests/unit/view-counter.test.ts holds the interval without depending on speed).
      const get = (url: string) => app.inject({ method: 'GET', url, headers: auth(editor) });
      await waitUntil(async () => (await get('/api/stats/dashboard')).json().views.today === 1000, {
        timeoutMs: 30_000,
        intervalMs: 100,
        message: 'the dashboard never showed 1,000 views',
      });
      expect((await get('/api/stats')).json().views).toBe(1000);
      expect((await get(`/api/articles/article/${article._id}`)).json().views).toBe(1000);
      const list = await get('/api/articles/admin-article?page=1&limit=5&sort=views');
      expect(list.json().articles[0]).toMatchObject({ _id: article._id, views: 1000 });
    } finally {
      await app.close();
      await closeNamed(countingDb, 'patrika-views-counting');
    }
    expect(await rowOf(article._id)).toEqual(rowBefore);
    expect(await articleUpdates()).toBe(updatesBefore);
  });

  it('is written when the app closes, before its database closes', async () => {
    // The app opens (and so closes) its own database here, as `npm start` does. On the embedded
    // engine it starts from a copy of a migrated folder: applying every migration to a new
    // embedded database was most of this file's time there (spawn-server.ts, migratedDataDir).
    const ownDir = database.url ? '' : await migratedDataDir();
    if (ownDir) ownDirs.push(ownDir);
    const own = database.url ? { DATABASE_URL: database.url } : { DATA_DIR: ownDir };
    const app = await buildApp(loadConfig({ ...env, ...own }), { web: false, pollJobs: false });
    let id = '';
    try {
      const editor = await createUser(app, 'editor');
      const category = await createCategory(app, editor);
      id = (await createArticle(app, editor, category._id))._id;
      for (let n = 0; n < 3; n++) await view(app, id, reader(2000 + n));
    } finally {
      await app.close();
    }
    const reopened = database.url ? database : await openDatabase({ dataDir: ownDir });
    try {
      const total = sql`SELECT views::int AS views FROM article_view_totals WHERE article_id = ${id}`;
      expect(await rowsOf(total, reopened)).toEqual([{ views: 3 }]);
      const days = sql`SELECT sum(views)::int AS views FROM article_daily_views WHERE article_id = ${id}`;
      expect(await rowsOf(days, reopened)).toEqual([{ views: 3 }]);
    } finally {
      if (reopened !== database) await reopened.close();
    }
  });
});

describe('two processes on one database', () => {
  it("count a reader's view of an article once in 30 minutes between them", async () => {
    // Two apps on one database are two processes of a cluster, with one clock to move.
    let now = startOfAStillClock();
    const clock = { now: () => new Date(now) };
    const build = () => buildApp(loadConfig(env), { database, web: false, pollJobs: false, clock });
    const [one, two] = [await build(), await build()];
    try {
      const editor = await createUser(one, 'editor');
      const category = await createCategory(one, editor);
      const { _id: id } = await createArticle(one, editor, category._id);
      const stored = async () => {
        const [row] = await rowsOf<{ views: number }>(
          sql`SELECT views::int AS views FROM article_view_totals WHERE article_id = ${id}`,
        );
        return row?.views ?? 0;
      };
      const readersOf = () =>
        rowsOf<{ reader: string }>(
          sql`SELECT reader FROM article_view_readers WHERE article_id = ${id} ORDER BY reader`,
        );
      // The same reader on both within one interval: each process takes it (neither has
      // written yet), and the writes count it once.
      expect((await view(one, id, '10.88.0.1')).json()).toEqual({ counted: true });
      expect((await view(two, id, '10.88.0.1')).json()).toEqual({ counted: true });
      expect((await view(one, id, '10.88.0.1')).json()).toEqual({ counted: false });
      await Promise.all([one.services.views.flush(), two.services.views.flush()]);
      expect(await stored()).toBe(1);
      // Once written, every process knows it for 30 minutes.
      now += 29 * 60_000;
      expect((await view(two, id, '10.88.0.1')).json()).toEqual({ counted: false });
      expect((await view(two, id, '10.88.0.2')).json()).toEqual({ counted: true });
      now += 2 * 60_000;
      expect((await view(one, id, '10.88.0.1')).json()).toEqual({ counted: true });
      await Promise.all([one.services.views.flush(), two.services.views.flush()]);
      expect(await stored()).toBe(3);
      // Readers whose 30 minutes are over are forgotten by the next write after a minute.
      now += 31 * 60_000;
      expect(await readersOf()).toHaveLength(2);
      expect((await view(two, id, '10.88.0.3')).json()).toEqual({ counted: true });
      await two.services.views.flush();
      // One reader left, named by the day's salted hash, never by the address (issue 38 item 1).
      const [left, ...more] = await readersOf();
      expect(more).toEqual([]);
      expect(left?.reader).toMatch(/^[\w-]{43}$/);
      expect(await stored()).toBe(4);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('the admin list by views', () => {
  let app: FastifyInstance;
  let editor: TestUser;
  beforeAll(async () => {
    app = await appOn(database);
    editor = await createUser(app, 'editor');
  });
  afterAll(async () => app.close());

  it('pages through the viewed, most first, then the never viewed, newest id first', async () => {
    const category = await createCategory(app, editor);
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      made.push((await createArticle(app, editor, category._id, { name: `Order ${i}` }))._id);
    // Views 3, 1, 3, 0, 2, 0, 0: ties broken by id, the never viewed after every viewed one.
    const views = [3, 1, 3, 0, 2, 0, 0];
    let n = 5000;
    for (const [i, v] of views.entries())
      for (let k = 0; k < v; k++) await view(app, made[i] as string, reader(n++));
    await app.services.views.flush();

    // The order the two index walks must give, as one sorted query.
    const expected = await rowsOf<{ id: string }>(sql`
      SELECT a.id FROM articles a LEFT JOIN article_view_totals t ON t.article_id = a.id
      WHERE a.category_id = ${category._id}
      ORDER BY coalesce(t.views, 0) DESC, a.id DESC`);
    const order = expected.map((r) => r.id);
    expect(order).toHaveLength(7);
    for (const limit of [1, 2, 3, 4, 7]) {
      const pages: string[] = [];
      for (let page = 1; pages.length < 7; page++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/articles/admin-article?page=${page}&limit=${limit}&sort=views&categoryId=${category._id}`,
          headers: auth(editor),
        });
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().articles as { _id: string; views: number }[];
        expect(rows.length, `page ${page} of ${limit}`).toBeGreaterThan(0);
        pages.push(...rows.map((r) => r._id));
        for (const r of rows) expect(r.views).toBe(views[made.indexOf(r._id)]);
      }
      expect(pages, `pages of ${limit}`).toEqual(order);
    }
  });
});
