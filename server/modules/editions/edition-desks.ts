/*
 * Desks by edition (issue 65 item 5) and where a story may be placed (item 2). A user with
 * desk editions (`edition_desks` rows) places stories only in those; the national edition is
 * one of them like any other, so "national allowed" is the national edition's id in the list
 * (docs: server/modules/editions/README.md). No rows: every edition. Only what a write changes
 * is checked: a Jaipur desk editing a story that is also in Jodhpur keeps Jodhpur.
 */
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { Placement } from './editions-deps';
import {
  deskEditions,
  findEditions,
  setDeskEditions,
  type EditionRow,
} from './editions-repository';

/** What a save asks: either may be left out (an update keeps, a new story takes the default). */
export interface AskedPlacement {
  editions?: readonly string[] | undefined;
  primary?: string | undefined;
}

/**
 * The primary edition when the save names none: the stored one while it stays listed; else
 * the national edition when nothing is listed, national is listed, or the desk may use it;
 * else the first listed (a Jaipur desk's story is Jaipur's), else the desk's first edition.
 */
function primaryOf(asked: AskedPlacement, stored: Placement | undefined, desk: string[]) {
  if (asked.primary) return asked.primary;
  const listed = asked.editions ?? stored?.editions ?? [];
  if (stored && listed.includes(stored.primary)) return stored.primary;
  const nationalOk = desk.length === 0 || desk.includes(NATIONAL_EDITION_ID);
  if (listed.includes(NATIONAL_EDITION_ID) || (listed.length === 0 && nationalOk))
    return NATIONAL_EDITION_ID;
  return listed[0] ?? desk[0] ?? NATIONAL_EDITION_ID;
}

/** Refuses an id that names no edition (400 under the field that named it). */
function checkKnown(placement: Placement, found: Map<string, EditionRow>, asked: AskedPlacement) {
  for (const id of placement.editions)
    if (!found.has(id)) {
      const field = asked.primary === id ? 'body.primaryEdition' : 'body.editions';
      throw fieldError(field, 'edition.unknown', { id });
    }
}

/** Refuses a change that puts a story in or takes it out of an edition not on the desk. */
function checkDesk(
  placement: Placement,
  stored: Placement | undefined,
  desk: string[],
  found: Map<string, EditionRow>,
) {
  if (!desk.length) return;
  const before = new Set(stored?.editions ?? []);
  const after = new Set(placement.editions);
  const changed = [
    ...placement.editions.filter((id) => !before.has(id)),
    ...[...before].filter((id) => !after.has(id)),
  ];
  if (stored?.primary !== placement.primary) changed.push(placement.primary);
  const outside = changed.find((id) => !desk.includes(id));
  if (outside)
    throw forbidden('edition.not_yours', { name: found.get(outside)?.names.en ?? outside });
}

export function editionDesks({ db }: { db: Db }) {
  return {
    /**
     * Where a save places a story: the editions it lists (the primary always among them) and
     * its primary edition, checked (unknown ids 400 `edition.unknown`, a desk's limits 403
     * `edition.not_yours`). The articles module asks it through its `placeEditions` hook.
     */
    async place(actor: Actor, asked: AskedPlacement, stored?: Placement): Promise<Placement> {
      const desk = await deskEditions(db, actor.id);
      const primary = primaryOf(asked, stored, desk);
      const listed = asked.editions ?? stored?.editions ?? [];
      const placement = { primary, editions: [...new Set([primary, ...listed])].sort() };
      const found = new Map((await findEditions(db, placement.editions)).map((e) => [e.id, e]));
      checkKnown(placement, found, asked);
      checkDesk(placement, stored, desk, found);
      return placement;
    },

    /** A user's desk editions ([]: every edition). */
    deskOf: (userId: string): Promise<string[]> => deskEditions(db, userId),

    /**
     * Gives user `userId` exactly these desk editions (administrators; `PUT /api/users/{id}`
     * `editions`): [] lifts the limit. Unknown ids are refused (400), changing nothing.
     */
    async setDesk(actor: Actor | null, userId: string, ids: readonly string[]): Promise<string[]> {
      requireRole(actor, 'administrator');
      const unique = [...new Set(ids)];
      const found = new Set((await findEditions(db, unique)).map((e) => e.id));
      const unknown = unique.find((id) => !found.has(id));
      if (unknown) throw fieldError('body.editions', 'edition.unknown', { id: unknown });
      try {
        await db.transaction((tx) => setDeskEditions(tx, userId, unique));
      } catch (error) {
        if (isForeignKeyViolation(error, 'edition_desks_user_id_users_id_fk'))
          throw notFound('user.not_found');
        throw error;
      }
      return deskEditions(db, userId);
    },
  };
}
