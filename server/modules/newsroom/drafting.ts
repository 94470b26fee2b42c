/*
 * An open form's work that is not a save: the autosave, who else has the article open, and
 * signed preview links (docs/decisions/023, DECISIONS.md §11).
 */
import { pickArticleTexts, type Article } from '../../../common/schemas/articles';
import {
  AUTOSAVE_LABEL,
  PRESENCE_WINDOW_MS,
  type AutosaveInput,
  type RevisionKind,
} from '../../../common/schemas/revisions';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { sanitizeOffThread } from '../articles/articles-service';
import { listPresence, saveAutosave, dropPresence, touchPresence } from './newsroom-repository';
import type { NewsroomDeps } from './newsroom-deps';

export function drafting({ db, clock, articles, previews }: NewsroomDeps) {
  return {
    /**
     * Keeps the form's unsaved text on the server as the user's autosave revision (one per
     * user and article, replaced each time). The article itself is not touched: a published
     * article stays as readers see it until the user saves.
     */
    async autosave(actor: Actor | null, id: string, input: AutosaveInput) {
      const { actor: a } = await articles.editable(actor, id);
      const now = await articles.snapshot(id);
      if (!now) throw notFound('article.not_found');
      const description = await sanitizeOffThread(input.description);
      const createdAt = clock.now();
      const revisionId = await saveAutosave(db, {
        articleId: id,
        userId: a.id,
        label: AUTOSAVE_LABEL,
        status: now.status,
        basedOn: new Date(input.basedOn),
        createdAt,
        content: {
          ...now.content,
          ...pickArticleTexts(input),
          description,
          category: input.category || null,
          language: input.language || null,
        },
      });
      const kind: RevisionKind = 'autosave';
      const user = { _id: a.id, name: a.name };
      return {
        _id: revisionId,
        createdAt: createdAt.toISOString(),
        user,
        name: AUTOSAVE_LABEL,
        status: now.status,
        kind,
        writers: [user],
      };
    },

    /**
     * A heartbeat from an open form: notes the user has the article open now, and answers who
     * else has had it open within PRESENCE_WINDOW_MS. Stored, so every process agrees.
     */
    async presence(actor: Actor | null, id: string) {
      const { actor: a } = await articles.editable(actor, id);
      const now = clock.now();
      await touchPresence(db, id, a.id, now);
      const others = await listPresence(db, id, a.id, new Date(now.getTime() - PRESENCE_WINDOW_MS));
      return {
        editors: others.map((o) => ({ _id: o.id, name: o.name, seenAt: o.seenAt.toISOString() })),
      };
    },

    /** The form was closed: the user no longer has the article open. */
    async leave(actor: Actor | null, id: string) {
      const { actor: a } = await articles.editable(actor, id);
      await dropPresence(db, id, a.id);
      return { message: 'Closed.' };
    },

    /** A signed link to the article as readers will see it, for whoever may change it. */
    async previewLink(actor: Actor | null, id: string) {
      const refusal = 'article.preview_forbidden';
      await articles.editable(actor, id, refusal);
      const link = await previews.sign(id);
      return { url: link.url, expiresAt: link.expiresAt.toISOString() };
    },

    /** The article a preview link names, whatever its status; 404 once expired or deleted. */
    async preview(token: string): Promise<Article> {
      const id = await previews.verify(token);
      const found = id ? await articles.anyById(id) : undefined;
      if (!found) throw notFound('preview.expired');
      return found;
    },
  };
}
