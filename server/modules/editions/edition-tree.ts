/*
 * The tree's rules as pure functions over the flat list (issue 65 item 1): what an edition's
 * kind may sit under, its path from the national edition, the wire shape. The service checks
 * writes with them; edition pages read paths with them.
 */
import { PARENT_KIND, type EditionKind } from '../../../common/editions';
import type { Edition } from '../../../common/schemas/editions';
import { badRequest } from '../../lib/errors';
import type { EditionRow } from './editions-repository';

/** A row as the wire has it (the frozen contract of `GET /api/editions`). */
export function toEdition(row: EditionRow): Edition {
  const { hi, en, mr, gu } = row.names;
  return {
    _id: row.id,
    slug: row.slug,
    kind: row.kind,
    parentId: row.parentId,
    names: { hi, en, ...(mr ? { mr } : {}), ...(gu ? { gu } : {}) },
    latinNames: row.latinNames,
    ...(row.lat !== null && row.lng !== null ? { location: { lat: row.lat, lng: row.lng } } : {}),
    active: row.active,
    epaper: { access: row.epaper.access, freePages: row.epaper.freePages },
  };
}

/** Refuses a kind that does not fit its parent's (state under national, and so on). */
export function checkKind(kind: EditionKind, parent: { kind: EditionKind } | undefined) {
  const wanted = PARENT_KIND[kind];
  if ((parent?.kind ?? null) !== wanted)
    throw badRequest('edition.kind_mismatch', { kind, parent: parent?.kind ?? 'none' });
}

/** The editions from the national one down to `id` (itself last); [] when there is none. */
export function pathIn<E extends { _id: string; parentId: string | null }>(
  list: readonly E[],
  id: string,
): E[] {
  const byId = new Map(list.map((e) => [e._id, e]));
  const path: E[] = [];
  // A tree has no cycles (the parent's kind is always one level up), but a bound costs nothing.
  for (
    let e = byId.get(id);
    e && path.length < 8;
    e = e.parentId ? byId.get(e.parentId) : undefined
  )
    path.unshift(e);
  return path;
}

/** The edition at a chain of slugs below the national one (`['rajasthan', 'jaipur']`). */
export function atPath<
  E extends { _id: string; parentId: string | null; slug: string; kind: string },
>(list: readonly E[], slugs: readonly string[]): E | undefined {
  let at = list.find((e) => e.kind === 'national');
  for (const slug of slugs) {
    const parent: E | undefined = at;
    at = parent && list.find((e) => e.parentId === parent._id && e.slug === slug);
  }
  return at;
}
