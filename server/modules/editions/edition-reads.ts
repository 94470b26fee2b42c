/*
 * Reading editions (issue 65 items 1 and 7): the tree as a flat list, one edition by id, by
 * slug or by its path of slugs, its path from the national edition, and the editions a typed
 * name finds. The list is small (a few hundred rows): read whole and worked on in memory.
 */
import { findEditions as findByName } from '../../../common/edition-names';
import type { Edition } from '../../../common/schemas/editions';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { CacheTags } from '../../../common/cache-tags';
import { notFound } from '../../lib/errors';
import type { EditionsDeps } from './editions-deps';
import { atPath, pathIn, toEdition } from './edition-tree';
import { findEdition, listEditions } from './editions-repository';

export function editionReads({ db, kept }: Pick<EditionsDeps, 'db' | 'kept'>) {
  /*
   * The tree, kept in each process until an edition's own write (its event stales
   * CacheTags.editions in every process, edition-events.ts): every page reads it, and it
   * changes a few times a year.
   */
  const list = (): Promise<Edition[]> =>
    kept.get('editions', [CacheTags.editions], async () => (await listEditions(db)).map(toEdition));
  return {
    /** Every edition, parents before children: `GET /api/editions`. */
    list,

    /** The editions a name in any script finds, best first (`GET /api/editions?q=`). */
    search: async (q: string): Promise<Edition[]> => findByName(await list(), q),

    /** One edition by id, or 404 `edition.not_found`. */
    async byId(id: string): Promise<Edition> {
      const row = await findEdition(db, id);
      if (!row) throw notFound('edition.not_found');
      return toEdition(row);
    },

    /**
     * The edition with this slug, or undefined. Slugs are unique within a parent only: when
     * two places share one, the higher one in the tree wins (a state before a city), then the
     * list's order. Pages under `/local/{state}/{city}` use `byPath`, which is never ambiguous.
     */
    bySlug: async (slug: string): Promise<Edition | undefined> =>
      (await list()).find((e) => e.slug === slug),

    /** The edition at `/local/{slugs…}` (`['rajasthan', 'jaipur']`); [] is the national one. */
    byPath: async (slugs: readonly string[]): Promise<Edition | undefined> =>
      atPath(await list(), slugs),

    /** From the national edition down to `id`, itself last ([] when there is no such edition). */
    pathOf: async (id: string): Promise<Edition[]> => pathIn(await list(), id),

    /** The editions directly under `id`, in the list's order. */
    childrenOf: async (id: string): Promise<Edition[]> =>
      (await list()).filter((e) => e.parentId === id),

    /** The national edition (there is always exactly one). */
    national: async (): Promise<Edition> =>
      toEdition((await findEdition(db, NATIONAL_EDITION_ID))!),
  };
}
