/*
 * An article's history (docs/decisions/023): its revisions, one revision whole, and bringing
 * a revision's text back as a new save.
 */
import { pickArticleTexts, type Article } from '../../../common/schemas/articles';
import { ArticleInputSchema } from '../../../common/schemas/article-input';
import type { Db } from '../../../db/client';
import { conflict, notFound, refusedFor } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { hasRole } from '../../../common/roles';
import {
  findRevision,
  listRevisions,
  recordRevision,
  type RevisionRecord,
  type RevisionSummaryRow,
} from './newsroom-repository';
import type { NewsroomDeps } from './newsroom-deps';

/** A row of the History panel. */
export function toRevisionSummary(row: RevisionSummaryRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    user: row.userId && row.userName !== null ? { _id: row.userId, name: row.userName } : null,
    name: row.label,
    status: row.status,
    kind: row.kind,
    writers: row.writers,
  };
}

export function revisionHistory({ db, articles }: NewsroomDeps) {
  return {
    /** Records a revision in a save's own transaction (the articles service calls it). */
    recordRevision: (tx: Db, revision: RevisionRecord) => recordRevision(tx, revision),

    /** An article's revisions, newest first, for whoever may change it. */
    async revisions(actor: Actor | null, id: string) {
      await articles.editable(actor, id);
      return { revisions: (await listRevisions(db, id)).map(toRevisionSummary) };
    },

    /** One revision whole, for whoever may change the article. */
    async revision(actor: Actor | null, id: string, revisionId: string) {
      await articles.editable(actor, id);
      const row = await findRevision(db, id, revisionId);
      if (!row) throw notFound('revision.not_found');
      return {
        ...toRevisionSummary(row),
        basedOn: row.basedOn.toISOString(),
        content: row.content,
      };
    },

    /**
     * Brings a revision's content back (its texts and credit, category, language, tags and
     * bylines) as a new save, recorded as a `restore` revision. Status, time and translation
     * stay as they are now: restoring text never publishes or unpublishes. An `updatedAt`
     * older than the stored one is refused with 409, as a save is.
     */
    async restoreRevision(
      actor: Actor | null,
      id: string,
      revisionId: string,
      body: { updatedAt: string },
    ): Promise<Article> {
      const { actor: a, stored } = await articles.editable(actor, id);
      const row = await findRevision(db, id, revisionId);
      if (!row) throw notFound('revision.not_found');
      if (new Date(body.updatedAt).getTime() < stored.updatedAt.getTime())
        throw conflict('article.stale');
      const now = await articles.snapshot(id);
      if (!now) throw notFound('article.not_found');
      const c = row.content;
      const parsed = ArticleInputSchema.safeParse({
        ...pickArticleTexts(c),
        category: c.category ?? now.content.category,
        imageUrl: c.imageUrl || now.content.imageUrl,
        ...(c.language ? { language: c.language } : {}),
        // A revision from before tags has none to bring back: the article keeps today's.
        ...(c.tags ? { tags: c.tags } : {}),
        // Its bylines too, unless an author would restore themselves off the piece.
        ...(c.authors && (hasRole(a.role, 'editor') || c.authors.includes(a.id))
          ? { authors: c.authors }
          : {}),
        updatedAt: body.updatedAt,
      });
      if (!parsed.success) {
        throw refusedFor('revision.not_restorable', parsed.error.issues);
      }
      return articles.saveAs(actor, id, parsed.data, {
        kind: 'restore',
        label: (title) => `Restored: ${title}`,
      });
    },
  };
}
