/*
 * The demo's editions and the stories placed in them (issue 65 item 1). Idempotent as the rest
 * of the seed: an edition that exists (by its slug under its parent) is left alone, and a story
 * is placed only while it is still in the national edition alone, so a desk's later choice
 * stays (a run after an editor moved a story leaves it where the editor put it).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NATIONAL_EDITION_ID } from '../../common/editions';
import type { Db } from '../client';
import { articleEditions, articles } from '../schema/content';
import { editions } from '../schema/editions';
import { DEMO_STATES, DEMO_STORY_EDITIONS, type DemoEdition } from './demo-editions';

const valuesOf = (e: DemoEdition, kind: 'state' | 'city', parentId: string, now: Date) => ({
  slug: e.slug,
  kind,
  parentId,
  names: { hi: e.hi, en: e.en },
  latinNames: e.latin,
  lat: e.lat,
  lng: e.lng,
  createdAt: now,
  updatedAt: now,
});

/** The ids of the editions under `parentId`, by slug. */
async function childIds(db: Db, parentId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: editions.id, slug: editions.slug })
    .from(editions)
    .where(eq(editions.parentId, parentId));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Makes the demo's states and cities that are missing; answers every demo edition's id by path. */
async function ensureEditions(db: Db, now: Date): Promise<Map<string, string>> {
  await db
    .insert(editions)
    .values(DEMO_STATES.map((s) => valuesOf(s, 'state', NATIONAL_EDITION_ID, now)))
    .onConflictDoNothing();
  const states = await childIds(db, NATIONAL_EDITION_ID);
  const byPath = new Map<string, string>();
  for (const state of DEMO_STATES) {
    const stateId = states.get(state.slug);
    if (!stateId) continue;
    byPath.set(state.slug, stateId);
    await db
      .insert(editions)
      .values(state.cities.map((c) => valuesOf(c, 'city', stateId, now)))
      .onConflictDoNothing();
    for (const [slug, id] of await childIds(db, stateId)) byPath.set(`${state.slug}/${slug}`, id);
  }
  return byPath;
}

/** The demo stories still in the national edition alone, by slug. */
async function unplacedStories(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(
      and(
        inArray(articles.slug, Object.keys(DEMO_STORY_EDITIONS)),
        eq(articles.primaryEditionId, NATIONAL_EDITION_ID),
        isNull(
          sql`(select ${articleEditions.editionId} from ${articleEditions} where ${articleEditions.articleId} = ${articles.id} and ${articleEditions.editionId} <> ${NATIONAL_EDITION_ID} limit 1)`,
        ),
      ),
    );
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** The demo's editions, and its stories placed in them; answers how many editions it made. */
export async function seedDemoEditions(db: Db, now: Date): Promise<number> {
  const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(editions);
  const byPath = await ensureEditions(db, now);
  const stories = await unplacedStories(db);
  for (const [slug, paths] of Object.entries(DEMO_STORY_EDITIONS)) {
    const id = stories.get(slug);
    const ids = paths.map((p) => byPath.get(p)).filter((e): e is string => Boolean(e));
    if (!id || !ids.length) continue;
    await db.transaction(async (tx) => {
      // The new primary edition's row comes from the trigger (migration 0058).
      await tx.update(articles).set({ primaryEditionId: ids[0] }).where(eq(articles.id, id));
      const listed = sql.join(
        ids.map((e) => sql`(${e}::uuid)`),
        sql`, `,
      );
      await tx.execute(sql`
        INSERT INTO ${articleEditions} (article_id, edition_id, status, published_at)
        SELECT a.id, e.id, a.status, a.published_at
        FROM ${articles} AS a, (VALUES ${listed}) AS e(id)
        WHERE a.id = ${id}
        ON CONFLICT DO NOTHING`);
      // A local story: out of the national edition (it still shows on the national home).
      await tx
        .delete(articleEditions)
        .where(
          and(
            eq(articleEditions.articleId, id),
            eq(articleEditions.editionId, NATIONAL_EDITION_ID),
          ),
        );
    });
  }
  const [after] = await db.select({ n: sql<number>`count(*)::int` }).from(editions);
  return (after?.n ?? 0) - (before?.n ?? 0);
}
