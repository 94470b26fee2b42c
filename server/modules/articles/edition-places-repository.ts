/*
 * The editions' tree as a save's purge needs it (issue 65 item 3): each edition's parent and
 * slug, read in the write's transaction. The editions module owns the table; this reads it
 * only to name the pages a story's editions show it on (a few dozen rows, no join needed).
 */
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';

export interface EditionPlace {
  id: string;
  parentId: string | null;
  slug: string;
}

export function editionPlaces(tx: Db): Promise<EditionPlace[]> {
  return tx
    .select({ id: editions.id, parentId: editions.parentId, slug: editions.slug })
    .from(editions);
}
