/*
 * A signed-in reader's city follows them (issue 65 item 4): `PUT /api/me` `edition` (an id or
 * a slug; null forgets it), answered in `GET /api/me`. Anonymous readers' cities stay in their
 * browsers: the server never learns them.
 */
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest } from '../../lib/errors';
import type { ReadersDeps } from './readers-deps';
import { cityOf, editionNamed, setCity } from './reader-city-repository';

export function readerCity({ db, clock }: Pick<ReadersDeps, 'db' | 'clock'>) {
  return {
    /** The reader's chosen edition's id, or null. */
    cityOf: (userId: string) => cityOf(db, userId),

    async setCity(
      actor: Actor | null,
      edition: string | null,
    ): Promise<{ edition: string | null }> {
      const me = requireRole(actor, 'reader');
      const id = edition === null ? null : await editionNamed(db, edition);
      if (edition !== null && !id) throw badRequest('edition.unknown', { id: edition });
      await setCity(db, me.id, id ?? null, clock.now());
      return { edition: id ?? null };
    },
  };
}
