/*
 * An edition's own write as an event (issue 65): `edition.created`, `edition.updated`,
 * `edition.deleted`, recorded in the write's transaction (server/events). Every process drops
 * its kept tree (CacheTags.editions: edition-reads.ts keeps it until then), and the kept
 * answers that name the edition are made again (CacheTags.editionNamed: its page, the pages
 * below it, its parent's page, its feed, its top JSON, a story naming it as its place): served
 * stale meanwhile after a change of names, dropped when its address changed or it is gone
 * (a page at the old address must answer 404, never the old page). Front caches that purge by
 * address get its page's address before and after, and its parent's page.
 */
import { CacheTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { Edition } from '../../../common/schemas/editions';
import type { EventDraft } from '../../events/outbox';
import { pathIn } from './edition-tree';

type EditionEvent = 'edition.created' | 'edition.updated' | 'edition.deleted';

/** The public address of an edition's page from its path (national first), or undefined. */
const addressOf = (trail: readonly Edition[]) =>
  trail.length && trail.at(-1)!.active
    ? editionPath(trail.filter((e) => e._id !== NATIONAL_EDITION_ID).map((e) => e.slug))
    : undefined;

/** The event of a write of edition `id`, from the tree before it and after it. */
export function editionChanged(
  type: EditionEvent,
  id: string,
  before: readonly Edition[],
  after: readonly Edition[],
): EventDraft {
  const was = pathIn(before, id);
  const now = pathIn(after, id);
  const edition = now.at(-1) ?? was.at(-1)!;
  const [from, to] = [addressOf(was), addressOf(now)];
  // Its parents (before and after a move), national apart: no page shows the states' list.
  const parents = [
    ...new Map(
      [was.at(-2), now.at(-2)]
        .filter((e): e is Edition => !!e && e._id !== NATIONAL_EDITION_ID)
        .map((e) => [e._id, e]),
    ).values(),
  ];
  // A parent's address as it stands after the write (a delete leaves the tree before it).
  const parentAddress = (p: Edition) =>
    addressOf(pathIn(after, p._id)) ?? addressOf(pathIn(before, p._id));
  const named = CacheTags.editionNamed(id);
  const moved = from !== to;
  return {
    type,
    subject: { kind: 'edition', id },
    data: { slug: edition.slug, kind: edition.kind, parentId: edition.parentId },
    cache: {
      stale: [
        CacheTags.editions,
        CacheTags.sitemaps,
        // Its e-paper's pages: their walls follow its e-paper setting (issue 68 item 3).
        CacheTags.epaperDates(id),
        ...parents.map((p) => CacheTags.editionTree(p._id)),
        ...(moved ? [] : [named]),
      ],
      drop: moved ? [named] : [],
      urls: [...new Set([from, to, ...parents.map(parentAddress)].filter((u): u is string => !!u))],
    },
  };
}
