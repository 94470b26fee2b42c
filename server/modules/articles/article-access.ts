import { hasRole, type Role } from '../../../common/roles';
import { IdSchema } from '../../../common/schemas/common';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';
import { findStoredState, type StoredState } from './articles-repository';

/** Refuses an actor who may not change an article by `authorId` (DECISIONS.md §2). */
export function mayChange(actor: Actor, authorId: string | null) {
  if (hasRole(actor.role, 'editor')) return;
  if (authorId !== actor.id)
    throw forbidden('Authors can change and delete only their own articles.');
}

const CHANGE_REFUSAL = 'Only authors, editors and administrators can change articles.';

/** Who may change which article: authors their own, editors and up any (DECISIONS.md §2). */
export function articleAccess({ db }: { db: Db }) {
  return {
    /**
     * The actor, if they may change article `id`, with its stored state: 401 for nobody, 403
     * for a reader or another author's article, 404 when there is none.
     */
    async editable(
      actor: Actor | null,
      id: string,
      refusal: string = CHANGE_REFUSAL,
    ): Promise<{ actor: Actor; stored: StoredState }> {
      const a = requireRole(actor, 'author', refusal);
      const stored = await findStoredState(db, id);
      if (!stored) throw notFound('Article not found.');
      mayChange(a, stored.authorId);
      return { actor: a, stored };
    },

    /** Whether `user` may change the article `id`: the form's gate (common/services.ts). */
    async editAccess(
      user: { _id: string; role: Role },
      id: string,
    ): Promise<'allowed' | 'forbidden' | 'missing'> {
      if (!IdSchema.safeParse(id).success) return 'missing';
      const stored = await findStoredState(db, id);
      if (!stored) return 'missing';
      if (!hasRole(user.role, 'author')) return 'forbidden';
      return hasRole(user.role, 'editor') || stored.authorId === user._id ? 'allowed' : 'forbidden';
    },
  };
}
