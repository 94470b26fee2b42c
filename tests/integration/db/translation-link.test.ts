/*
 * Migration 0027 (issue 27 item 5, docs/decisions/041) turns the pairwise translation links
 * (`translation_id`, kept both ways) into translation groups. The test gives a migrated database
 * back its old column, writes pairs into it, and runs the migration's own statements from the
 * one that adds `translation_group` on.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const migration = readFileSync(
  new URL('../../../db/migrations/0027_languages.sql', import.meta.url),
  'utf8',
).split('--> statement-breakpoint');
const groupStatements = migration.slice(
  migration.findIndex((s) => s.includes('ADD COLUMN "translation_group"')),
);

describe('migration 0027: translations become groups', () => {
  it('makes each mutual pair one group, and drops a link that is not mutual', async () => {
    const db = database.db as Db;
    // The table as it was before 0027's translation statements.
    await db.execute(sql`DROP INDEX "articles_translation_group_language_idx"`);
    await db.execute(sql`ALTER TABLE "articles" DROP COLUMN "translation_group"`);
    await db.execute(sql`ALTER TABLE "articles" ADD COLUMN "translation_id" uuid`);
    await db.execute(
      sql`ALTER TABLE "articles" ADD CONSTRAINT "articles_translation_id_articles_id_fk" FOREIGN KEY ("translation_id") REFERENCES "articles"("id") ON DELETE set null DEFERRABLE INITIALLY DEFERRED`,
    );
    const [hi, en, lone, stray] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const row = (id: string, language: string, translationId: string | null) =>
      sql`INSERT INTO "articles" ("id", "name", "slug", "language", "translation_id")
          VALUES (${id}, ${`a ${id}`}, ${`a-${id}`}, ${language}, ${translationId})`;
    await db.transaction(async (tx) => {
      await tx.execute(row(hi, 'hi', en));
      await tx.execute(row(en, 'en', hi));
      await tx.execute(row(lone, 'en', null));
      // Names the Hindi article, which names another: not mutual, so no group.
      await tx.execute(row(stray, 'mr', hi));
    });
    for (const statement of groupStatements) await db.execute(sql.raw(statement));

    const rows = await db
      .select({ id: articles.id, group: articles.translationGroup })
      .from(articles)
      .where(inArray(articles.id, [hi, en, lone, stray]));
    const groupOf = (id: string) => rows.find((r) => r.id === id)?.group;
    expect(groupOf(hi)).toBe([hi, en].sort()[0]);
    expect(groupOf(en)).toBe(groupOf(hi));
    expect(groupOf(lone)).toBeNull();
    expect(groupOf(stray)).toBeNull();
    // The old column is gone; the group's unique index holds one version per language.
    await expect(
      db
        .update(articles)
        .set({ translationGroup: groupOf(hi) })
        .where(eq(articles.id, lone)),
    ).rejects.toThrow();
  });
});
