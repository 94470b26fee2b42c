/*
 * Where a breaking-news band shows (issue 65 item 3): national, over every page, or an
 * edition's, over that edition's page (under the national band). A desk limited to editions
 * (issue 65 item 5) sets and removes bands only in its editions, the national one only when it
 * is among them (403 `edition.desk_elsewhere`).
 */
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { Edition } from '../../../common/schemas/editions';
import type { Actor } from '../../lib/actor';
import { fieldError, forbidden } from '../../lib/errors';
import type { BandPlace } from './breaking-repository';

/** What the band needs of the editions module: the tree, and a desk's editions. */
export interface BandEditions {
  list(): Promise<Edition[]>;
  /** A user's desk editions ([]: every edition). */
  deskOf(userId: string): Promise<string[]>;
}

/** A band's place as a change names it: its tag and the address front caches purge. */
export interface PlaceSeen {
  place: BandPlace;
  tag: string;
  path: string;
}

/** The national band's: the tag every page keeps, and the home page. */
const NATIONAL: PlaceSeen = { place: null, tag: CacheTags.breaking, path: '/' };

/** The page of edition `id` (its slugs from below the national edition), or undefined. */
function pageOf(all: Edition[], id: string): { edition: Edition; path: string } | undefined {
  const slugs: string[] = [];
  let at = all.find((e) => e._id === id);
  const edition = at;
  while (at && at._id !== NATIONAL_EDITION_ID) {
    slugs.unshift(at.slug);
    const parent = at.parentId;
    at = all.find((e) => e._id === parent);
  }
  return edition && at ? { edition, path: editionPath(slugs) } : undefined;
}

/** The place `edition` names (null, absent or the national id: national), as seen by changes. */
export async function placeSeen(
  editions: BandEditions,
  edition: BandPlace | undefined,
): Promise<PlaceSeen | undefined> {
  if (!edition || edition === NATIONAL_EDITION_ID) return NATIONAL;
  const page = pageOf(await editions.list(), edition);
  if (!page) return undefined;
  return { place: edition, tag: CacheTags.breakingEdition(edition), path: page.path };
}

/**
 * The place an editor asks for, checked: an unknown edition 400 `edition.unknown`, a desk
 * limited to other editions 403 `edition.desk_elsewhere`.
 */
export async function placeFor(
  editions: BandEditions,
  editor: Actor,
  edition: string | null | undefined,
): Promise<PlaceSeen> {
  const seen = await placeSeen(editions, edition);
  if (!seen) throw fieldError('edition', 'edition.unknown', { id: edition! });
  const desk = await editions.deskOf(editor.id);
  const wanted = seen.place ?? NATIONAL_EDITION_ID;
  if (desk.length && !desk.includes(wanted)) {
    const named = (await editions.list()).find((e) => e._id === wanted);
    throw forbidden('edition.desk_elsewhere', { name: named?.names.en ?? wanted });
  }
  return { place: seen.place, tag: seen.tag, path: seen.path };
}
