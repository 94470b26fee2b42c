import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { listLatestPublished } from '../../../server/modules/articles/articles-repository';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

type Query = { toSQL(): { sql: string; params: unknown[] } };

/**
 * The plan of a query, with sequential scans priced out so that any index able to serve it is
 * chosen. An index whose order does not match the ORDER BY still leaves a Sort node: that is
 * the Drizzle DESC / NULLS LAST pitfall of ARCHITECTURE.md.
 */
async function planOf(db: Db, query: Query): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v instanceof Date) return `'${v.toISOString()}'::timestamptz`;
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`EXPLAIN ${inlined}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

const raw = (text: string): Query => ({ toSQL: () => ({ sql: text, params: [] }) });

describe('every list query has an index matching its ORDER BY', () => {
  it('latest published (the repository query itself)', async () => {
    const plan = await planOf(
      database.db,
      listLatestPublished(database.db, { limit: 3, now: new Date() }),
    );
    expect(plan).toContain('articles_published_order_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it.each([
    [
      'published in one category',
      `SELECT id FROM articles WHERE status = 'published' AND category_id = '00000000-0000-0000-0000-000000000000' AND published_at <= now() ORDER BY published_at DESC, id DESC LIMIT 9`,
      'articles_category_published_order_idx',
    ],
    [
      'admin list, newest first',
      `SELECT id FROM articles ORDER BY created_at DESC, id DESC LIMIT 10`,
      'articles_created_order_idx',
    ],
    [
      "an author's own articles",
      `SELECT id FROM articles WHERE author_id = '00000000-0000-0000-0000-000000000000' ORDER BY created_at DESC, id DESC LIMIT 10`,
      'articles_author_created_order_idx',
    ],
  ])('%s', async (_name, text, index) => {
    const plan = await planOf(database.db, raw(text));
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a mismatched NULLS order would sort (the check can fail)', async () => {
    const plan = await planOf(
      database.db,
      raw(
        `SELECT id FROM articles ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 10`,
      ),
    );
    expect(plan).toMatch(/\bSort\b/);
  });
});
