/*
 * The reading pages' prepared statements run on connections that keep generic plans
 * (db/postgres-connections.ts `readsPoolConfig`, `plan_cache_mode=force_generic_plan`): a
 * generic plan cannot use a partial index whose condition is a value sent with the statement.
 * A story page's comments (comments-repository.ts `listShown`) read the story's own shown
 * comments through `comments_article_shown_idx` (status = 'approved'), never the whole site's
 * approved comments: with `approved` sent as a value, the page walked all of them (46–66 ms a
 * story page at a million stories, docs/perf/scale.md). Judged by PostgreSQL's own counts of
 * each index's scans, as the statement ran on its pool. PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listShown } from '../../../server/modules/comments/comments-repository';
import { createTestDatabase, testEngine } from '../../setup/test-db';
import { waitUntil } from '../../setup/wait-until';

const STORY = '00000000-0000-4000-e000-000000000001';

describe.runIf(testEngine() === 'postgres')("a story's comments on generic plans", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db.execute(sql`INSERT INTO articles (id, name, slug, status, published_at)
      VALUES (${STORY}, 'Story', 'story', 'published', now())`);
    await db.execute(sql`INSERT INTO articles (name, slug, status, published_at)
      SELECT 'Other ' || g, 'other-' || g, 'published', now() FROM generate_series(1, 2000) g`);
    // The site's other comments, shown: ten on each of 2,000 stories. The story's own: three.
    await db.execute(sql`INSERT INTO comments (article_id, body, status, created_at)
      SELECT a.id, 'Elsewhere ' || g, 'approved', now() - g * interval '1 second'
      FROM articles a CROSS JOIN generate_series(1, 10) g WHERE a.slug LIKE 'other-%'`);
    await db.execute(sql`INSERT INTO comments (article_id, body, status, created_at)
      SELECT ${STORY}::uuid, 'Here ' || g, 'approved', now() - g * interval '1 minute'
      FROM generate_series(1, 3) g`);
    await database.analyze();
  });
  afterAll(async () => database?.close());

  /** Scans of each of the comments table's indexes so far, as PostgreSQL counted them. */
  async function scans(): Promise<Record<string, number>> {
    const { rows } = (await database.db.execute(sql`
      SELECT indexrelname AS name, idx_scan AS n FROM pg_stat_user_indexes
      WHERE relname = 'comments'`)) as unknown as { rows: { name: string; n: string }[] };
    const seq = (await database.db.execute(sql`
      SELECT seq_scan AS n FROM pg_stat_user_tables WHERE relname = 'comments'`)) as unknown as {
      rows: { n: string }[];
    };
    return {
      ...Object.fromEntries(rows.map((r) => [r.name, Number(r.n)])),
      seq: Number(seq.rows[0]?.n ?? 0),
    };
  }

  it("reads the story's shown comments through their own index, not every shown comment", async () => {
    const before = await scans();
    // Several runs: a prepared statement's plan is the generic one from its first run on these
    // connections; the statistics arrive within a second of each run's end.
    for (let i = 0; i < 6; i++) {
      const page = await listShown(database.db, STORY, { page: 1, perPage: 20, newest: false });
      expect(page.total).toBe(3);
      expect(page.top.map((c) => c.body)).toEqual(['Here 3', 'Here 2', 'Here 1']);
    }
    let after = before;
    await waitUntil(
      async () => {
        after = await scans();
        return after.comments_article_shown_idx! - before.comments_article_shown_idx! >= 12;
      },
      { timeoutMs: 10_000, message: 'the shown comments index was not read for each run' },
    );
    expect(after.comments_queue_idx, JSON.stringify({ before, after })).toBe(
      before.comments_queue_idx,
    );
    expect(after.seq, JSON.stringify({ before, after })).toBe(before.seq);
  });
});
