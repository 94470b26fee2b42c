/*
 * An edition's own home as its desk curates it (issue 65 item 3): its lead story and its
 * sections, as the national home has a lead and its sections (the settings' home sections).
 * Editors and administrators curate; a desk limited to editions curates only those (403
 * `edition.not_yours`). A save is an event that refreshes that edition's page in every process
 * and purges its address from front caches.
 */
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { EditionHome, EditionHomeInput } from '../../../common/schemas/editions';
import { requireRole, type Actor } from '../../lib/actor';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import type { EditionsDeps } from './editions-deps';
import { findHome, writeHome, type StoredHome } from './edition-homes-repository';
import { deskEditions, listEditions } from './editions-repository';
import { pathIn, toEdition } from './edition-tree';

const wire = (editionId: string, home: StoredHome): EditionHome => ({
  edition: editionId,
  lead: home.lead,
  sections: home.sections,
  updatedAt: home.updatedAt?.toISOString() ?? null,
});

/** The public path of edition `id` (national first in the tree's path, left out). */
async function pathOf(deps: Pick<EditionsDeps, 'db'>, id: string) {
  const trail = pathIn((await listEditions(deps.db)).map(toEdition), id);
  if (!trail.length) throw notFound('edition.not_found');
  return {
    edition: trail.at(-1)!,
    path: editionPath(trail.filter((e) => e._id !== NATIONAL_EDITION_ID).map((e) => e.slug)),
  };
}

/** Refuses a desk limited to other editions (an editor with no limit curates every one). */
async function checkDesk(deps: Pick<EditionsDeps, 'db'>, editor: Actor, name: string, id: string) {
  const desk = await deskEditions(deps.db, editor.id);
  if (desk.length && !desk.includes(id)) throw forbidden('edition.desk_elsewhere', { name });
}

export function editionHomes(deps: EditionsDeps) {
  const { db, clock } = deps;
  return {
    /** Edition `editionId`'s home as curated (none: no lead, no sections). */
    async home(editionId: string): Promise<EditionHome> {
      return wire(editionId, await findHome(db, editionId));
    },

    /**
     * Curates edition `editionId`'s home: its lead (a story in it, any status: the page shows
     * it while readers may see it) and its sections (categories, in order). The national home
     * is curated in the settings (409 `edition.national_home`).
     */
    async curate(actor: Actor | null, editionId: string, input: EditionHomeInput) {
      const editor = requireRole(actor, 'editor');
      const { edition, path } = await pathOf(deps, editionId);
      await checkDesk(deps, editor, edition.names.en, editionId);
      if (editionId === NATIONAL_EDITION_ID) throw conflict('edition.national_home');
      if (input.lead && !(await deps.articles.inEdition(input.lead, editionId)))
        throw fieldError('body.lead', 'edition.lead_elsewhere', { name: edition.names.en });
      const sections = [...new Set(input.sections)];
      try {
        await deps.outbox.transaction(async (tx, record) => {
          await writeHome(tx, editionId, { ...input, sections, by: editor.id, now: clock.now() });
          record({
            type: 'edition.home_changed',
            subject: { kind: 'edition', id: editionId },
            data: { lead: input.lead, sections },
            cache: { stale: [CacheTags.editionHome(editionId)], urls: [path] },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error, 'edition_home_sections_category_id_categories_id_fk'))
          throw fieldError('body.sections', 'edition.section_unknown');
        if (isForeignKeyViolation(error, 'edition_homes_lead_article_id_articles_id_fk'))
          throw fieldError('body.lead', 'edition.lead_elsewhere', { name: edition.names.en });
        throw error;
      }
      return wire(editionId, await findHome(db, editionId));
    },
  };
}
