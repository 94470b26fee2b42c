/*
 * Migrations never hold the readers of a large table (issue 71 item 4, db/README.md): every
 * migration after the grandfathered ones builds its indexes on large tables CONCURRENTLY (IF
 * NOT EXISTS, in a file of their own), adds columns without a volatile default, changes no
 * column's type and adds constraints NOT VALID. The rules are shown to catch each case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRANDFATHERED, styleProblems } from '../../scripts/migration-style';

const DB = join(import.meta.dirname, '..', '..', 'db');

const migrations = (folder: keyof typeof GRANDFATHERED) =>
  readdirSync(join(DB, folder))
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .map((file) => ({
      file,
      number: Number(file.slice(0, 4)),
      sql: readFileSync(join(DB, folder, file), 'utf8'),
    }));

describe('migrations after the grandfathered ones keep the rules', () => {
  for (const folder of Object.keys(GRANDFATHERED) as (keyof typeof GRANDFATHERED)[]) {
    const newer = migrations(folder).filter((m) => m.number > GRANDFATHERED[folder]);
    it.each(newer.length ? newer.map((m) => [m.file, m.sql]) : [['(none yet)', '']])(
      `db/${folder}/%s`,
      (_file, sql) => {
        expect(styleProblems(sql)).toEqual([]);
      },
    );
  }

  it('the first index on articles under the rules is built concurrently', () => {
    const first = migrations('migrations').find((m) => m.file.endsWith('_author_page_order.sql'));
    expect(first?.number).toBeGreaterThan(GRANDFATHERED.migrations);
    expect(first?.sql).toMatch(/CREATE INDEX CONCURRENTLY IF NOT EXISTS/);
  });

  it('would have caught a grandfathered one: 0059 checked a foreign key and built an index on articles under lock', () => {
    const editions = migrations('migrations').find((m) => m.number === 59)!;
    expect(styleProblems(editions.sql)).toEqual([
      expect.stringContaining('a constraint on articles checked under lock'),
      expect.stringContaining('a plain CREATE INDEX on articles'),
    ]);
  });
});

describe('the rules', () => {
  it.each([
    [
      'CREATE INDEX "a_idx" ON "articles" USING btree ("name");',
      'a plain CREATE INDEX on articles',
    ],
    [
      'CREATE UNIQUE INDEX a_idx ON public.article_tags (tag_id);',
      'a plain CREATE INDEX on article_tags',
    ],
    ['CREATE INDEX "c_idx" ON "comments" ("body");', 'a plain CREATE INDEX on comments'],
    ['CREATE INDEX CONCURRENTLY "a_idx" ON "articles" ("name");', 'without IF NOT EXISTS'],
    ['DROP INDEX CONCURRENTLY "a_idx";', 'DROP INDEX CONCURRENTLY without IF EXISTS'],
    [
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "articles" ("name");--> statement-breakpoint\nALTER TABLE "tags" ADD COLUMN "x" text;',
      'holds only concurrent index statements',
    ],
    [
      'ALTER TABLE "articles" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;',
      'volatile default',
    ],
    ['ALTER TABLE "audit_entries" ADD COLUMN "seq" bigserial;', 'volatile default'],
    [
      'ALTER TABLE "articles" ADD COLUMN "at" timestamptz DEFAULT clock_timestamp();',
      'volatile default',
    ],
    [
      'ALTER TABLE "media" ALTER COLUMN "bytes" SET DATA TYPE bigint;',
      'ALTER COLUMN … TYPE on media',
    ],
    [
      'ALTER TABLE "articles" ADD CONSTRAINT "f" FOREIGN KEY ("x") REFERENCES "tags"("id");',
      'add it NOT VALID',
    ],
  ])('refuses %s', (sql, problem) => {
    expect(styleProblems(sql).join('\n')).toContain(problem);
  });

  it.each([
    // Indexes of a table the same migration creates: it is empty.
    'CREATE TABLE "article_x" ("id" uuid);--> statement-breakpoint\nCREATE INDEX "x_idx" ON "article_x" ("id");',
    // Small tables.
    'CREATE INDEX "t_idx" ON "tags" ("name");',
    'CREATE INDEX CONCURRENTLY IF NOT EXISTS "a_idx" ON "articles" ("name");',
    'DROP INDEX CONCURRENTLY IF EXISTS "a_idx";',
    // Constant and stable defaults are stored once (PostgreSQL 11+), no rewrite.
    'ALTER TABLE "articles" ADD COLUMN "flag" boolean DEFAULT false NOT NULL;',
    'ALTER TABLE "articles" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now() NOT NULL;',
    'ALTER TABLE "articles" ADD CONSTRAINT "c" CHECK ("name" <> \'\') NOT VALID;',
    // A comment naming a plain index is not one.
    '-- CREATE INDEX "x" ON "articles" ("a")\nSELECT 1;',
  ])('accepts %s', (sql) => {
    expect(styleProblems(sql)).toEqual([]);
  });
});
