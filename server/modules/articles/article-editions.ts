/*
 * A story in several editions (issue 65 item 2, DECISIONS.md §30): one address, one canonical
 * link, many places. Which editions a save may name is the editions module's rule (unknown
 * ids, desks limited to editions): it plugs `placeEditions` into the hooks, so this module
 * imports none. Unplugged (a test's bare articles service), a save keeps what it is given and
 * the national edition is the default.
 */
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { ArticleInput } from '../../../common/schemas/article-input';
import type { Actor } from '../../lib/actor';
import type { ArticlePartsDeps } from './article-deps';
import { toCard } from './article-rows';
import {
  countInEdition,
  editionLeadCard,
  isInEdition,
  listEditionSection,
  publishedInEdition,
} from './article-editions-repository';
import type { StoredState } from './article-writes-repository';
import type { PlaceEditions, Placement } from './article-hooks';

const unplugged: PlaceEditions = async (_actor, asked, stored) => {
  const primary = asked.primary ?? stored?.primary ?? NATIONAL_EDITION_ID;
  const listed = asked.editions ?? stored?.editions ?? [];
  return { primary, editions: [...new Set([primary, ...listed])].sort() };
};

/** The stored placement of an article's state. */
export const placementOf = (state: StoredState): Placement => ({
  editions: state.editionIds,
  primary: state.primaryEdition,
});

/** The placement a save of `input` makes, by `actor`, of an article stored as `before`. */
export function placeEditions(
  deps: ArticlePartsDeps,
  actor: Actor,
  input: Pick<ArticleInput, 'editions' | 'primaryEdition'>,
  before: StoredState | undefined,
): Promise<Placement> {
  const place = deps.hooks.placeEditions ?? unplugged;
  const asked = { editions: input.editions, primary: input.primaryEdition };
  return place(actor, asked, before && placementOf(before));
}

/** Reads of editions' stories, for edition pages and the editions module. */
export function articleEditionReads({ db, clock }: Pick<ArticlePartsDeps, 'db' | 'clock'>) {
  return {
    /**
     * The newest `limit` stories readers may see in edition `editionId`: another page's section
     * of it, or its top, never counted (the edition's own pages count through `editionList`).
     */
    async editionCards(editionId: string, limit: number): Promise<ArticleCard[]> {
      const rows = await publishedInEdition(db, { editionId, limit, offset: 0, now: clock.now() });
      return rows.map(toCard);
    },

    /** How many stories, of any status, are in edition `editionId` (its delete's guard). */
    editionUse: (editionId: string) => countInEdition(db, editionId),

    /** Whether story `articleId` (any status) is in edition `editionId` (a lead's check). */
    inEdition: (articleId: string, editionId: string) => isInEdition(db, articleId, editionId),

    /**
     * What an edition's curated home shows (issue 65 item 3): its lead's card while readers
     * may see it and it is still in the edition (else null), and each section's newest `limit`
     * stories in the edition, a section being a category with those inside it.
     */
    async editionHome(
      editionId: string,
      curated: { lead: string | null; sections: string[][] },
      limit: number,
    ): Promise<{ lead: ArticleCard | null; sections: ArticleCard[][] }> {
      const now = clock.now();
      const [lead, sections] = await Promise.all([
        curated.lead ? editionLeadCard(db, { editionId, articleId: curated.lead, now }) : null,
        Promise.all(
          curated.sections.map((categoryIds) =>
            categoryIds.length
              ? listEditionSection(db, { editionId, categoryIds, limit, now })
              : Promise.resolve([]),
          ),
        ),
      ]);
      return {
        lead: lead ? toCard(lead) : null,
        sections: sections.map((rows) => rows.map(toCard)),
      };
    },
  };
}
