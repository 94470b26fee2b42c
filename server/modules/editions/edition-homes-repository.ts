/*
 * The SQL of edition homes (issue 65 item 3): `edition_homes` (the lead) and
 * `edition_home_sections` (the sections, in order), db/schema/edition-homes.ts.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editionHomeSections, editionHomes } from '../../../db/schema/edition-homes';

export interface StoredHome {
  lead: string | null;
  sections: string[];
  updatedAt: Date | null;
}

/** An edition's curated home; a never-curated edition's is empty. */
export async function findHome(db: Db, editionId: string): Promise<StoredHome> {
  const [[home], sections] = await Promise.all([
    db
      .select({ lead: editionHomes.leadArticleId, updatedAt: editionHomes.updatedAt })
      .from(editionHomes)
      .where(eq(editionHomes.editionId, editionId)),
    db
      .select({ id: editionHomeSections.categoryId })
      .from(editionHomeSections)
      .where(eq(editionHomeSections.editionId, editionId))
      .orderBy(asc(editionHomeSections.position)),
  ]);
  return {
    lead: home?.lead ?? null,
    sections: sections.map((s) => s.id),
    updatedAt: home?.updatedAt ?? null,
  };
}

/** Writes an edition's home whole, in the caller's transaction. */
export async function writeHome(
  tx: Db,
  editionId: string,
  home: { lead: string | null; sections: readonly string[]; by: string; now: Date },
) {
  await tx
    .insert(editionHomes)
    .values({ editionId, leadArticleId: home.lead, updatedBy: home.by, updatedAt: home.now })
    .onConflictDoUpdate({
      target: editionHomes.editionId,
      set: { leadArticleId: home.lead, updatedBy: home.by, updatedAt: home.now },
    });
  await tx.delete(editionHomeSections).where(eq(editionHomeSections.editionId, editionId));
  if (home.sections.length)
    await tx
      .insert(editionHomeSections)
      .values(home.sections.map((categoryId, position) => ({ editionId, categoryId, position })));
}
