/*
 * Adding, editing and deleting editions (administrators; issue 65 item 1). The tree's rules:
 * exactly one national edition (made by migration 0058, never deleted, moved or demoted, no
 * second one), each other kind under the kind above it, slugs unique within their parent, an
 * edition with editions under it or stories in it is not deleted.
 */
import { SLUG_PATTERN } from '../../../common/slug';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { Edition, EditionEdit, EditionInput } from '../../../common/schemas/editions';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors';
import type { EditionsDeps } from './editions-deps';
import { checkKind, toEdition } from './edition-tree';
import {
  countChildren,
  deleteEdition,
  findEdition,
  insertEdition,
  listEditions,
  lockEditions,
  updateEdition,
  type EditionRow,
  type EditionValues,
} from './editions-repository';
import { editionChanged } from './edition-events';

/** The tree as `tx` sees it now (before or after a write in it). */
const treeIn = async (tx: Db) => (await listEditions(tx)).map(toEdition);

/** Latin spellings as stored: trimmed, lower-cased, each once. */
const latinNamesOf = (names: readonly string[]) => [
  ...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean)),
];

function valuesOf(input: EditionInput): EditionValues {
  const slug = input.slug.trim().toLowerCase();
  if (!SLUG_PATTERN.test(slug)) throw fieldError('body.slug', 'edition.slug_invalid');
  const { hi, en, mr, gu } = input.names;
  return {
    slug,
    kind: input.kind,
    parentId: input.parentId,
    names: { hi, en, ...(mr ? { mr } : {}), ...(gu ? { gu } : {}) },
    latinNames: latinNamesOf(input.latinNames),
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    active: input.active,
    epaper: { access: input.epaper.access, freePages: input.epaper.freePages },
  };
}

/** The national edition stays the one root, and no other edition becomes national. */
function checkNational(values: EditionValues, before: EditionRow | undefined) {
  const isNational = before?.id === NATIONAL_EDITION_ID;
  if (isNational && (values.kind !== 'national' || values.parentId !== null || !values.active))
    throw conflict('edition.national_fixed');
  if (!isNational && values.kind === 'national') throw conflict('edition.national_fixed');
}

/** Checks the parent (locked in `tx`) and writes; a slug taken in the same parent is a 409. */
async function write(tx: Db, values: EditionValues, before: EditionRow | undefined, now: Date) {
  checkNational(values, before);
  if (before && values.parentId === before.id) throw badRequest('edition.parent_unknown');
  const [parent] = values.parentId ? await lockEditions(tx, [values.parentId]) : [];
  if (values.parentId && !parent) throw fieldError('body.parentId', 'edition.parent_unknown');
  checkKind(values.kind, parent);
  // A kind change must still fit the editions under it (a city with towns stays a city).
  if (before && before.kind !== values.kind && (await countChildren(tx, before.id)) > 0)
    throw badRequest('edition.kind_mismatch', { kind: values.kind, parent: before.kind });
  try {
    if (!before) return await insertEdition(tx, values);
    await updateEdition(tx, before.id, values, now);
    return before.id;
  } catch (error) {
    if (isUniqueViolation(error, 'editions_parent_slug_idx'))
      throw conflict('edition.slug_taken', { slug: values.slug });
    throw error;
  }
}

/** The stored edition as an input, for an edit that leaves fields out. */
const inputOf = (row: EditionRow): EditionInput => ({
  slug: row.slug,
  kind: row.kind,
  parentId: row.parentId,
  names: row.names,
  latinNames: row.latinNames,
  location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  active: row.active,
  epaper: row.epaper,
});

/**
 * Administrators' writes, each with its event (edition-events.ts) in the same transaction:
 * every process drops its kept tree, and the pages that name the edition are made again.
 */
export function editionWrites(deps: EditionsDeps) {
  const { db, clock, outbox } = deps;
  const saved = async (id: string): Promise<Edition> => toEdition((await findEdition(db, id))!);
  return {
    async create(actor: Actor | null, input: EditionInput): Promise<Edition> {
      requireRole(actor, 'administrator');
      const values = valuesOf(input);
      const id = await outbox.transaction(async (tx, record) => {
        const id = await write(tx, values, undefined, clock.now());
        record(editionChanged('edition.created', id, [], await treeIn(tx)));
        return id;
      });
      return saved(id);
    },

    async update(actor: Actor | null, id: string, edit: EditionEdit): Promise<Edition> {
      requireRole(actor, 'administrator');
      await outbox.transaction(async (tx, record) => {
        const [before] = await lockEditions(tx, [id]);
        if (!before) throw notFound('edition.not_found');
        const tree = await treeIn(tx);
        const values = valuesOf({ ...inputOf(before), ...stripUndefined(edit) });
        await write(tx, values, before, clock.now());
        record(editionChanged('edition.updated', id, tree, await treeIn(tx)));
      });
      return saved(id);
    },

    /** Deletes an edition no story and no edition uses (409 with the count otherwise). */
    async remove(actor: Actor | null, id: string): Promise<{ message: string }> {
      requireRole(actor, 'administrator');
      if (id === NATIONAL_EDITION_ID) throw conflict('edition.national_fixed');
      // Counted before the transaction: the articles service reads on its own connection, which
      // the embedded engine's one connection would wait for inside ours. A story placed in the
      // edition between the count and the delete is refused by the reference (below).
      const stories = await deps.articles.editionUse(id);
      let name = '';
      try {
        await outbox.transaction(async (tx, record) => {
          const [row] = await lockEditions(tx, [id]);
          if (!row) throw notFound('edition.not_found');
          name = row.names.en;
          const children = await countChildren(tx, id);
          if (children) throw conflict('edition.has_children', { name, count: children });
          if (stories) throw conflict('edition.in_use', { name, count: stories });
          const tree = await treeIn(tx);
          await deleteEdition(tx, id);
          record(editionChanged('edition.deleted', id, tree, []));
        });
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
        const count = Math.max(1, await deps.articles.editionUse(id));
        throw conflict('edition.in_use', { name, count });
      }
      return { message: `Edition "${name}" deleted.` };
    },
  };
}

/** An edit's given fields only (zod's optional fields may be present as undefined). */
function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
