import { hasRole, type Role } from '../../../common/roles';
import { IdSchema } from '../../../common/schemas/common';
import type { Db } from '../../../db/client';
import { requireRole, type Actor, type Refusal403 } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';
import { findStoredState, type StoredState } from './article-writes-repository';

/** An article's bylines: the first, and the others in order (issue 26 item 4). */
export type Bylines = Pick<StoredState, 'authorId' | 'coAuthorIds'>;

/** Whether `userId` is one of the article's bylines: each owns the piece. */
export const isByline = (article: Bylines, userId: string) =>
  article.authorId === userId || article.coAuthorIds.includes(userId);

/**
 * Refuses an actor who may not change an article with these bylines (DECISIONS.md §2): any
 * byline may change it as its owner; editors and up any article.
 */
export function mayChange(actor: Actor, article: Bylines) {
  if (hasRole(actor.role, 'editor')) return;
  if (!isByline(article, actor.id)) throw forbidden('article.not_own');
}

const CHANGE_REFUSAL = 'article.change_forbidden';

/**
 * Who may change which article: authors those they are a byline of, editors and up any
 * (DECISIONS.md §2).
 */
export function articleAccess({ db }: { db: Db }) {
  return {
    /**
     * The actor, if they may change article `id`, with its stored state: 401 for nobody, 403
     * for a reader or another author's article, 404 when there is none.
     */
    async editable(
      actor: Actor | null,
      id: string,
      refusal: Refusal403 = CHANGE_REFUSAL,
    ): Promise<{ actor: Actor; stored: StoredState }> {
      const a = requireRole(actor, 'author', refusal);
      const stored = await findStoredState(db, id);
      if (!stored) throw notFound('article.not_found');
      mayChange(a, stored);
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
      return hasRole(user.role, 'editor') || isByline(stored, user._id) ? 'allowed' : 'forbidden';
    },
  };
}
