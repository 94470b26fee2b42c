/* A live blog's JSON-LD (issue 25 item 1), beside the story's (structured-data.ts). */
import type { Comment } from '../../../common/schemas/comments';
import type { Correction } from '../../../common/schemas/corrections';
import { articlePath, authorPath } from '../../../common/paths';
import type { Article } from '../../../common/schemas/articles';
import { LIVE_JSON_LD_UPDATES, type LiveEntry } from '../../../common/schemas/live';
import type { SiteSettings } from '../../../common/settings';
import { stripHtml } from '../../../common/text';
import { entryAnchor } from '../../components/live-blog';

import { headline, newsArticle, type Thing } from './structured-data';

/**
 * A live blog (issue 25 item 1): Google's LiveBlogPosting, the article's own fields with when
 * coverage began and (once over) ended, and its newest updates as BlogPostings that link to
 * their place on the page.
 */
export function liveBlogPosting(opts: {
  article: Article;
  description: string;
  settings: SiteSettings;
  publicUrl: string;
  mediaBase?: string | undefined;
  entries: readonly LiveEntry[];
  comments?: { total: number; comments: Comment[] } | undefined;
  corrections?: readonly Correction[] | undefined;
  place?: string | null | undefined;
}): Thing {
  const { article, publicUrl } = opts;
  const url = `${publicUrl}${articlePath(article)}`;
  const newest = [...opts.entries]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, LIVE_JSON_LD_UPDATES);
  return {
    ...newsArticle(opts),
    '@type': 'LiveBlogPosting',
    ...(article.liveStartedAt ? { coverageStartTime: article.liveStartedAt } : {}),
    ...(!article.liveBlog && article.liveEndedAt ? { coverageEndTime: article.liveEndedAt } : {}),
    liveBlogUpdate: newest.map((e) => {
      const text = stripHtml(e.body).trim();
      return {
        '@type': 'BlogPosting',
        headline: headline(text || article.name),
        articleBody: text,
        datePublished: e.createdAt,
        dateModified: e.updatedAt,
        url: `${url}#${entryAnchor(e._id)}`,
        ...(e.author
          ? {
              author: {
                '@type': 'Person',
                name: e.author.name,
                url: `${publicUrl}${authorPath(e.author.slug)}`,
              },
            }
          : {}),
      };
    }),
  };
}
