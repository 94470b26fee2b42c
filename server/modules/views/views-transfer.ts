import type { Db } from '../../../db/client';
import { articleDailyViews, articleViewTotals } from '../../../db/schema/site';
import { insertRows, type CopiedRow } from '../../lib/table-copy';

/* The views module's door for the site archive (see articles-transfer.ts). */
export const VIEW_TABLES = [articleDailyViews, articleViewTotals] as const;

/**
 * An archive written before the views left the article row (migration 0016) has no
 * `article_view_totals`: each article's total came on its row, as `viewCount`. The totals of
 * those rows (none for an article never viewed), for importArchivedTotals.
 */
export function archivedTotalOf(articleRow: CopiedRow): CopiedRow | undefined {
  const views = articleRow.viewCount;
  return typeof views === 'number' && views > 0 ? { articleId: articleRow.id, views } : undefined;
}

/** Writes the totals an older archive carried on its article rows, in the import's transaction. */
export async function importArchivedTotals(tx: Db, totals: CopiedRow[], batch: number) {
  for (let i = 0; i < totals.length; i += batch)
    await insertRows(tx, articleViewTotals, totals.slice(i, i + batch));
}
