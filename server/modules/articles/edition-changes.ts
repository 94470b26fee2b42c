/*
 * What a save touches of edition pages (issue 65 item 3, DECISIONS.md §30): the lists of the
 * editions a public story enters, leaves or moves in (`CacheTags.edition`), the pages of the
 * places above them that show their stories too (`CacheTags.editionTree`: a Jaipur story
 * refreshes Rajasthan's page, not Jodhpur's), and those pages' addresses for a front cache
 * that purges by address. The national edition's page is the home (`latest`, `/`).
 */
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import { isPublicNow } from '../../../db/schema/content';
import type { StoredState } from './article-writes-repository';
import type { EditionPlace } from './edition-places-repository';

/** An edition's chain from the national edition's child down to it (national: empty). */
function chainOf(id: string, byId: ReadonlyMap<string, EditionPlace>): EditionPlace[] {
  const chain: EditionPlace[] = [];
  for (let e = byId.get(id); e && e.id !== NATIONAL_EDITION_ID; e = byId.get(e.parentId ?? ''))
    chain.unshift(e);
  return chain;
}

/** The tags and addresses of editions `ids`' pages and of the places above them. */
export function editionPagesOf(
  ids: readonly string[],
  places: readonly EditionPlace[],
): { stale: string[]; urls: string[] } {
  const byId = new Map(places.map((p) => [p.id, p]));
  const stale = new Set<string>();
  const urls = new Set<string>();
  for (const id of ids) {
    stale.add(CacheTags.edition(id));
    const chain = chainOf(id, byId);
    chain.forEach((place, i) => {
      urls.add(editionPath(chain.slice(0, i + 1).map((p) => p.slug)));
      if (place.id !== id) stale.add(CacheTags.editionTree(place.id));
    });
  }
  return { stale: [...stale], urls: [...urls] };
}

/**
 * The editions whose lists a write changes: every edition of a public story that comes, goes
 * or moves (another time, address or status), else those it gained or lost. A change of words
 * alone reaches edition pages through the story's own tag (their cards keep it).
 */
export function editionsTouched(
  states: { before?: StoredState | undefined; after?: StoredState | undefined },
  now: Date,
): string[] {
  const was = states.before && isPublicNow(states.before, now) ? states.before : undefined;
  const is = states.after && isPublicNow(states.after, now) ? states.after : undefined;
  if (!was && !is) return [];
  const moved =
    !was ||
    !is ||
    was.publishedAt.getTime() !== is.publishedAt.getTime() ||
    was.slug !== is.slug ||
    was.categoryId !== is.categoryId;
  const wasIds = was?.editionIds ?? [];
  const isIds = is?.editionIds ?? [];
  if (moved) return [...new Set([...wasIds, ...isIds])];
  return [
    ...wasIds.filter((id) => !isIds.includes(id)),
    ...isIds.filter((id) => !wasIds.includes(id)),
  ];
}

/** The editions that show a story readers could see before the write or can after it. */
export function editionsShown(
  states: { before?: StoredState | undefined; after?: StoredState | undefined },
  now: Date,
): string[] {
  const ids = new Set<string>();
  for (const s of [states.before, states.after])
    if (s && isPublicNow(s, now)) for (const id of s.editionIds) ids.add(id);
  return [...ids];
}
