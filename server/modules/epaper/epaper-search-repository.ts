/*
 * Pages of public e-paper issues whose machine-read text a query finds (issue 67 item 4): the
 * GIN index of `epaper_texts.search` asked with the fewest lexemes (the site's search rules,
 * common/search), newest issue first, the best-ranked page of an issue first.
 */
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { editions } from '../../../db/schema/editions';
import { epaperFiles, epaperIssues, epaperPages, epaperTexts } from '../../../db/schema/epaper';
import { isPublicIssueSql } from './epaper-reads-repository';

export function searchPages(
  db: Db,
  query: { match: string; rank: string },
  filter: { editionId?: string; from?: string; to?: string; limit: number; now: Date },
) {
  const rank = sql<number>`ts_rank(${epaperTexts.search}, ${query.rank}::tsquery)`;
  return db
    .select({
      issueId: epaperIssues.id,
      date: epaperIssues.date,
      language: epaperIssues.language,
      editionId: editions.id,
      slug: editions.slug,
      names: editions.names,
      number: epaperPages.number,
      hash: epaperFiles.hash,
      viewsAt: epaperFiles.viewsAt,
      words: epaperTexts.words,
    })
    .from(epaperTexts)
    .innerJoin(epaperPages, eq(epaperPages.fileId, epaperTexts.fileId))
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .innerJoin(epaperIssues, eq(epaperIssues.id, epaperPages.issueId))
    .innerJoin(editions, eq(editions.id, epaperIssues.editionId))
    .where(
      and(
        sql`${epaperTexts.search} @@ ${query.match}::tsquery`,
        isPublicIssueSql(filter.now),
        eq(editions.active, true),
        filter.editionId ? eq(epaperIssues.editionId, filter.editionId) : undefined,
        filter.from ? gte(epaperIssues.date, filter.from) : undefined,
        filter.to ? lte(epaperIssues.date, filter.to) : undefined,
      ),
    )
    .orderBy(desc(epaperIssues.date), desc(rank), epaperPages.number)
    .limit(filter.limit);
}
