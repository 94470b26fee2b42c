/*
 * Edition pages in the sitemap (issue 65 item 3): every active edition below the national one
 * with its page's address, and when its list last gained a story (its lastmod).
 */
import { and, eq, lte, max } from 'drizzle-orm';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { Db } from '../../../db/client';
import { articleEditions } from '../../../db/schema/content';
import { editions } from '../../../db/schema/editions';

export async function listEditionsForSeo(db: Db, now: Date) {
  const [rows, latest] = await Promise.all([
    db
      .select({
        id: editions.id,
        parentId: editions.parentId,
        slug: editions.slug,
        active: editions.active,
      })
      .from(editions),
    db
      .select({ id: articleEditions.editionId, at: max(articleEditions.publishedAt) })
      .from(articleEditions)
      .where(and(eq(articleEditions.status, 'published'), lte(articleEditions.publishedAt, now)))
      .groupBy(articleEditions.editionId),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const last = new Map(latest.map((r) => [r.id, r.at]));
  const slugsOf = (id: string): string[] | undefined => {
    const slugs: string[] = [];
    for (let e = byId.get(id); e && e.id !== NATIONAL_EDITION_ID; e = byId.get(e.parentId ?? '')) {
      if (!e.active) return undefined;
      slugs.unshift(e.slug);
    }
    return slugs;
  };
  return rows
    .filter((r) => r.id !== NATIONAL_EDITION_ID)
    .flatMap((r) => {
      const slugs = slugsOf(r.id);
      return slugs ? [{ path: editionPath(slugs), lastPublishedAt: last.get(r.id) ?? null }] : [];
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
