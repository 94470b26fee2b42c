/*
 * The events a comment's change records (server/events): when readers can see the change (a
 * comment shown, changed while shown, or taken away), the article page's tag is refreshed in
 * every process and front caches purge its address; a held comment touches no kept answer.
 */
import { CacheTags } from '../../../common/cache-tags';
import { articlePath } from '../../../common/paths';
import type { EventType } from '../../../common/schemas/events';
import { isPublicNow } from '../../../db/schema/content';
import type { EventDraft } from '../../events/outbox';
import type { StoredState } from '../articles/articles-service';

export function commentChanged(
  type: Extract<EventType, `comment.${string}`>,
  comment: { id: string; articleId: string; status: string },
  shown: { article: StoredState; before: boolean; now: Date },
): EventDraft {
  const seen = shown.before || comment.status === 'approved';
  return {
    type,
    subject: { kind: 'comment', id: comment.id },
    data: { articleId: comment.articleId, status: comment.status },
    ...(seen
      ? {
          cache: {
            stale: [CacheTags.articlePage(comment.articleId)],
            urls: isPublicNow(shown.article, shown.now)
              ? [articlePath({ slug: shown.article.slug, categorySlug: shown.article.segment })]
              : [],
          },
        }
      : {}),
  };
}
