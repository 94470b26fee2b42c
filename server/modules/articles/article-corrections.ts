/*
 * Corrections on the record (issue 43 item 3): a save of a published story with
 * `correction: "<note>"` keeps the note, dated, in the save's own transaction, with an
 * `article.corrected` event (the audit trail records it; /corrections and the story's pages and
 * feeds are refreshed by its tags). Reads for the story's page, its feed items and /corrections.
 */
import { CacheTags } from '../../../common/cache-tags';
import { articlePath, PAGE_SEGMENTS } from '../../../common/paths';
import {
  CORRECTIONS_PAGE_SIZE,
  type Correction,
  type CorrectionsPage,
} from '../../../common/schemas/corrections';
import type { ArticleStatus } from '../../../common/articles';
import type { Db } from '../../../db/client';
import type { RecordEvents } from '../../events/outbox';
import { fieldError } from '../../lib/errors';
import type { ArticlesDeps } from './article-deps';
import {
  correctionsOf,
  correctionsOfMany,
  countPublicCorrections,
  insertCorrection,
  listPublicCorrections,
} from './article-corrections-repository';

/** The public page listing every correction. */
export const CORRECTIONS_PATH = `/${PAGE_SEGMENTS.corrections}`;

const toCorrection = (row: { note: string; createdAt: Date }): Correction => ({
  note: row.note,
  correctedAt: row.createdAt.toISOString(),
});

/**
 * A correction is of a story readers have had: refused (and nothing saved) when the article is
 * not published before and after the save.
 */
export function checkCorrection(
  correction: string | undefined,
  statuses: { before: ArticleStatus | undefined; after: ArticleStatus },
) {
  if (correction === undefined) return;
  if (statuses.before !== 'published' || statuses.after !== 'published')
    throw fieldError('body.correction', 'correction.not_published');
}

/** Keeps a correction in the save's transaction, with the event that says so. */
export async function recordCorrection(
  tx: Db,
  record: RecordEvents,
  c: { articleId: string; userId: string; note: string; title: string; now: Date },
) {
  await insertCorrection(tx, {
    articleId: c.articleId,
    userId: c.userId,
    note: c.note,
    createdAt: c.now,
  });
  record({
    type: 'article.corrected',
    subject: { kind: 'article', id: c.articleId },
    data: { title: c.title, note: c.note, by: c.userId },
    cache: {
      stale: [CacheTags.corrections, CacheTags.article(c.articleId)],
      drop: [],
      urls: [CORRECTIONS_PATH],
    },
  });
}

/** The corrections readers read: a story's, several stories' (feeds), and /corrections. */
export function articleCorrections({ db, clock }: Pick<ArticlesDeps, 'db' | 'clock'>) {
  return {
    /** A story's corrections, newest first (its page and JSON-LD). */
    async corrections(articleId: string): Promise<Correction[]> {
      return (await correctionsOf(db, articleId)).map(toCorrection);
    },

    /** The corrections of these stories by id, newest first (feed items). */
    async correctionsByArticle(articleIds: string[]): Promise<Map<string, Correction[]>> {
      const byId = new Map<string, Correction[]>();
      if (articleIds.length === 0) return byId;
      for (const row of await correctionsOfMany(db, articleIds)) {
        const list = byId.get(row.articleId) ?? [];
        list.push(toCorrection(row));
        byId.set(row.articleId, list);
      }
      return byId;
    },

    /** One page of every correction of a public story, newest first (/corrections). */
    async correctionsPage(page: number): Promise<CorrectionsPage> {
      const now = clock.now();
      const limit = CORRECTIONS_PAGE_SIZE;
      const [rows, total] = await Promise.all([
        listPublicCorrections(db, { limit, offset: (page - 1) * limit, now }),
        countPublicCorrections(db, now),
      ]);
      return {
        corrections: rows.map((r) => ({
          ...toCorrection(r),
          article: {
            _id: r.articleId,
            name: r.name,
            path: articlePath({ slug: r.slug, categorySlug: r.categorySlug }),
            language: r.language,
          },
        })),
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
      };
    },
  };
}
