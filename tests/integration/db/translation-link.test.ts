/*
 * The translation link is a foreign key from articles to articles (issue 10 item 7). It is
 * checked when the transaction commits, so a site archive, which copies articles in batches
 * of 100 in any order, can bring in an article before the translation it names.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { articles } from '../../../db/schema/content';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('articles.translation_id', () => {
  it('may name an article written later in the same transaction', async () => {
    const db = database.db as Db;
    const [hi, en] = [randomUUID(), randomUUID()];
    await db.transaction(async (tx) => {
      await tx.insert(articles).values({
        id: hi,
        name: 'अनुवाद',
        slug: `anuvad-${hi.slice(0, 8)}`,
        language: 'hi',
        translationId: en,
      });
      await tx.insert(articles).values({
        id: en,
        name: 'Translation',
        slug: `translation-${en.slice(0, 8)}`,
        language: 'en',
        translationId: hi,
      });
    });
    const [row] = await db
      .select({ translationId: articles.translationId })
      .from(articles)
      .where(eq(articles.id, hi));
    expect(row?.translationId).toBe(en);
  });

  it('still refuses, at commit, an article that never arrives', async () => {
    const db = database.db as Db;
    const id = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(articles).values({
          id,
          name: 'Orphan',
          slug: `orphan-${id.slice(0, 8)}`,
          translationId: randomUUID(),
        });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(articles).where(eq(articles.id, id))).toHaveLength(0);
  });
});
