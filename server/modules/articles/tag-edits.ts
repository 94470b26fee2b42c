/*
 * Correcting a tag (issue 44 item 12): an editor fixes its display spelling. The tag keeps its
 * address (`/tag/{slug}`), which links and search engines know; a name whose address is another
 * tag's would be that tag, so it is refused.
 */
import { CacheTags } from '../../../common/cache-tags';
import { tagSlugPath } from '../../../common/paths';
import type { Tag, TagUpdate } from '../../../common/schemas/tags';
import { slugify } from '../../../common/slug';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import type { ArticlesDeps } from './article-deps';
import { findTagById, findTagBySlug, renameTag } from './tags-repository';

export function tagEdits({ db, outbox }: Pick<ArticlesDeps, 'db' | 'outbox'>) {
  return {
    /**
     * Gives tag `id` the name `update.name` at the address it has; the kept answers that show
     * the name (its list's pages and feed, its articles' pages) are told.
     */
    async renameTag(actor: Actor | null, id: string, update: TagUpdate): Promise<Tag> {
      requireRole(actor, 'editor', 'tag.change_forbidden');
      const tag = await findTagById(db, id);
      if (!tag) throw notFound('tag.not_found');
      const owner = await findTagBySlug(db, slugify(update.name));
      if (owner && owner.id !== id)
        throw conflict('tag.address_taken', {
          owner: owner.name,
          name: update.name,
          slug: owner.slug,
        });
      await outbox.transaction(async (tx, record) => {
        const tagged = await renameTag(tx, id, update.name);
        record({
          type: 'tag.updated',
          subject: { kind: 'tag', id },
          data: { name: update.name, slug: tag.slug },
          cache: {
            stale: [
              CacheTags.tagList(id),
              ...tagged.map((articleId) => CacheTags.article(articleId)),
            ],
            urls: [tagSlugPath(tag.slug)],
          },
        });
      });
      return { _id: tag.id, name: update.name, slug: tag.slug };
    },
  };
}
