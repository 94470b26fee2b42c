/*
 * Patrika behind PgBouncer in transaction mode (issue 28 item 3), run by `npm test`'s smoke
 * stage (TEST_PGBOUNCER=1, tests/setup/global-db.ts starts the pooler). The pooler is really in
 * the way: its console lists this file's database in transaction mode with fewer server
 * connections than the app's pool, and its transaction count moves with the app's work. Many
 * renders and saves at once, which share those server connections transaction by transaction,
 * all succeed (a named prepared statement would be missing on the next connection), and a save
 * reaches the cached page through LISTEN on its direct connection.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  type TestUser,
} from '../../factories';
import { settled } from '../../setup/settled';
import { createTestApp, type TestApp } from '../../setup/test-app';

const poolerUrl = inject('pgPoolerUrl');

/** A query on PgBouncer's own console (SHOW …): rows as objects. */
async function consoleRows(command: string): Promise<Record<string, unknown>[]> {
  const url = new URL(poolerUrl!);
  url.pathname = '/pgbouncer';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // Without values node-postgres sends a simple query, the only kind the console speaks.
    return (await client.query<Record<string, unknown>>(command)).rows;
  } finally {
    await client.end();
  }
}

let t: TestApp;
let admin: TestUser;
let category: { _id: string; slug: string };
let databaseName: string;

const transactionsSoFar = async () => {
  const row = (await consoleRows('SHOW STATS')).find((r) => r.database === databaseName);
  return Number(row?.total_xact_count ?? 0);
};

describe.skipIf(!poolerUrl)('through PgBouncer in transaction mode (DATABASE_PREPARED=0)', () => {
  beforeAll(async () => {
    t = await createTestApp({}, { web: 'build' });
    databaseName = new URL(t.database.url!).pathname.slice(1);
    admin = await createAdmin(t.app);
    category = await createCategory(t.app, admin, { name: 'Pooled News' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is the pooler's database, in transaction mode, with fewer server connections than clients", async () => {
    const pool = (await consoleRows('SHOW POOLS')).find((r) => r.database === databaseName);
    expect(pool, 'SHOW POOLS lists the test database').toBeDefined();
    expect(pool!.pool_mode).toBe('transaction');
    const config = await consoleRows('SHOW CONFIG');
    const poolSize = Number(config.find((r) => r.key === 'default_pool_size')?.value);
    expect(poolSize).toBeLessThan(4);
  });

  it('renders pages and saves articles at once, sharing the server connections', async () => {
    const before = await transactionsSoFar();
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createArticle(t.app, admin, category._id, { name: `Pooled story ${i}` }),
      ),
    );
    const paths = made.map((a) => articlePath(a));
    const answers = await Promise.all([
      ...paths.map((url) => t.app.inject({ url })),
      ...paths.map(() => t.app.inject({ url: '/' })),
      t.app.inject({ url: `/category/${category.slug}` }),
      t.app.inject({ url: '/search?q=Pooled' }),
      ...made.map((a) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/articles/${a._id}`,
          headers: auth(admin),
          payload: articleBody(category._id, { name: `${a.name} (updated)` }),
        }),
      ),
    ]);
    for (const res of answers) expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await transactionsSoFar()).toBeGreaterThan(before);
  });

  it('hears a save on its direct LISTEN connection: the cached page shows the new headline', async () => {
    const article = await createArticle(t.app, admin, category._id, { name: 'Before the pool' });
    const url = articlePath(article);
    await t.app.inject({ url });
    expect((await t.app.inject({ url })).headers['x-page-cache']).toBe('hit');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}`,
      headers: auth(admin),
      payload: articleBody(category._id, { name: 'After the pool' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await settled(() => t.app.inject({ url }));
    expect(page.body).toContain('After the pool');
  });
});
