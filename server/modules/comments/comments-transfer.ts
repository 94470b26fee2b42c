import { asc, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { commentBans, commentReports, comments } from '../../../db/schema/comments';

/*
 * The comments module's door for the site archive (server/modules/README.md): readers'
 * comments, the reports on them and the bans travel with the site, as readers wrote them.
 */

/** Tables this module lets the archive copy, after the articles and people they name. */
export const COMMENT_TABLES = [comments, commentReports, commentBans] as const;

/** Comments before their replies (one level), so the rows go back in the order they are read. */
export const COMMENT_ROW_ORDERS = new Map<PgTable, SQL[]>([
  [comments, [sql`${comments.parentId} IS NOT NULL`, asc(comments.createdAt), asc(comments.id)]],
]);
