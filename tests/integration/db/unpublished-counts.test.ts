/*
 * Drafts among many published stories (issue 71 item 3, docs/decisions/076): the dashboard's
 * counts and the admin list's status filter read the drafts alone, through their own index
 * (migration 0073), never every story, and a section's list and count its stories alone; the dashboard's counts past EXACT_COUNT_UP_TO are
 * estimates it names. Planned and run on both engines.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCount, EXACT_COUNT_UP_TO } from '../../../db/counts';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import { listForAdminPage } from '../../../server/modules/articles/article-admin-repository';
import { articleCounts } from '../../../server/modules/articles/article-desk-repository';
import { scansOf } from '../../setup/plan-scans';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Published stories: past the exact count, so the totals are estimates. */
const PUBLISHED = EXACT_COUNT_UP_TO + 2_000;
const DRAFTS = 4;
const PENDING = 2;
/** Published with a time still to come (the dashboard's "scheduled"). */
const SCHEDULED = 2;
const now = new Date('2030-01-01T00:00:00Z');
const SECTION = '00000000-0000-4000-a000-0000000000d1';
const SMALL = 3;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`INSERT INTO articles (name, slug, status, published_at, created_at)
    SELECT 'Out ' || g, 'out-' || g, 'published', timestamptz '2029-06-01' - g * interval '1 minute',
      timestamptz '2029-06-01' - g * interval '1 minute'
    FROM generate_series(1, ${PUBLISHED}) g`);
  // The drafts are the oldest rows: a walk of the whole list's order would meet them last.
  await db.execute(sql`INSERT INTO articles (name, slug, status, published_at, created_at)
    SELECT 'Draft ' || g, 'draft-' || g,
      (CASE WHEN g <= ${PENDING} THEN 'pending' ELSE 'draft' END)::article_status,
      timestamptz '2031-01-01', timestamptz '2001-01-01' + g * interval '1 minute'
    FROM generate_series(1, ${DRAFTS + PENDING}) g`);
  // Scheduled pieces, the oldest changed: a walk of the updated order would meet them last.
  await db.execute(sql`INSERT INTO articles (name, slug, status, published_at, created_at, updated_at)
    SELECT 'Later ' || g, 'later-' || g, 'published', timestamptz '2031-06-01' + g * interval '1 day',
      timestamptz '2000-01-01' + g * interval '1 minute', timestamptz '2000-01-01' + g * interval '1 minute'
    FROM generate_series(1, ${SCHEDULED}) g`);
  // A small section's stories, among the many of no section.
  await db.execute(
    sql`INSERT INTO categories (id, name, slug) VALUES (${SECTION}, 'Small', 'small')`,
  );
  await db.execute(sql`INSERT INTO articles (name, slug, category_id, status, published_at, created_at)
    SELECT 'Small ' || g, 'small-' || g, ${SECTION}::uuid, 'published',
      timestamptz '2001-01-01' + g * interval '1 minute', timestamptz '2001-01-01' + g * interval '1 minute'
    FROM generate_series(1, ${SMALL}) g`);
  await database.analyze();
});
afterAll(async () => database?.close());

/** The rows each scan of `articles` read (kept and dropped by its filter, over every loop). */
const articleScans = (db: Db, query: { toSQL(): { sql: string; params: unknown[] } }) =>
  scansOf(db, query, ['articles']);

describe('drafts among many published stories are read alone', () => {
  it("the dashboard's count of drafts reads the drafts, not every story", async () => {
    const { db } = database;
    const scans = await articleScans(
      db,
      cappedCount(db, articles, sql`${articles.status} = 'draft'`, EXACT_COUNT_UP_TO + 1),
    );
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan.type, JSON.stringify(scans)).not.toMatch(/Seq Scan/);
      expect(scan.read, JSON.stringify(scans)).toBeLessThanOrEqual(DRAFTS + PENDING);
    }
  });

  it.each(['draft', 'pending'] as const)(
    "the admin list's %s filter reads its own stories, newest first",
    async (status) => {
      const { db } = database;
      const query = listForAdminPage(db, { status, now, limit: 10, offset: 0 });
      const scans = await articleScans(db, query);
      for (const scan of scans) {
        expect(scan.type, JSON.stringify(scans)).not.toMatch(/Seq Scan/);
        expect(scan.read, JSON.stringify(scans)).toBeLessThanOrEqual(DRAFTS + PENDING);
      }
      const rows = await query;
      const expected = status === 'draft' ? DRAFTS : PENDING;
      expect(rows.map((r) => r.name)).toEqual(
        Array.from({ length: expected }, (_, i) =>
          status === 'draft' ? `Draft ${DRAFTS + PENDING - i}` : `Draft ${PENDING - i}`,
        ),
      );
    },
  );

  it.each(['updated', 'created', 'published'] as const)(
    "the dashboard's scheduled piece, by the %s order, reads the scheduled alone",
    async (sort) => {
      const { db } = database;
      const query = listForAdminPage(db, { status: 'scheduled', sort, now, limit: 1, offset: 0 });
      const scans = await articleScans(db, query);
      for (const scan of scans) {
        expect(scan.type, JSON.stringify(scans)).not.toMatch(/Seq Scan/);
        expect(scan.read, JSON.stringify(scans)).toBeLessThanOrEqual(SCHEDULED);
      }
      expect((await query).map((r) => r.name)).toEqual(['Later 2']);
    },
  );

  it("a section's admin list and its count read the section's stories alone", async () => {
    const { db } = database;
    const counted = await articleScans(
      db,
      cappedCount(db, articles, sql`${articles.categoryId} = ${SECTION}`, EXACT_COUNT_UP_TO + 1),
    );
    const listed = await articleScans(
      db,
      listForAdminPage(db, { categoryId: SECTION, now, limit: 10, offset: 0 }),
    );
    for (const scan of [...counted, ...listed]) {
      expect(scan.type, JSON.stringify(scan)).not.toMatch(/Seq Scan/);
      expect(scan.read, JSON.stringify(scan)).toBeLessThanOrEqual(SMALL);
    }
  });

  it("the dashboard's counts: the few exact, the many estimated and named so", async () => {
    const counts = await articleCounts(database.db, now);
    expect(counts).toMatchObject({ scheduled: SCHEDULED, drafts: DRAFTS });
    expect(counts.estimated).toEqual(['total', 'published']);
    for (const [n, truth] of [
      [counts.total, PUBLISHED + DRAFTS + PENDING + SCHEDULED],
      [counts.published, PUBLISHED],
    ] as const) {
      expect(n).toBeGreaterThan(EXACT_COUNT_UP_TO);
      expect(Math.abs(n - truth) / truth).toBeLessThan(0.2);
    }
  });
});
