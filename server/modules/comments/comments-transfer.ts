import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parentsFirst } from '../../lib/table-copy';
import { commentBans, commentReports, comments } from '../../../db/schema/comments';

/*
 * The comments module's door for the site archive (server/modules/README.md): readers'
 * comments, the reports on them and the bans travel with the site, as readers wrote them.
 */

/** Tables this module lets the archive copy, after the articles and people they name. */
export const COMMENT_TABLES = [comments, commentReports, commentBans] as const;

/**
 * Comments, then their replies (one level), each part in key order: the rows go back in the
 * order they are read, and a million comments are read by key, never by an offset.
 */
export const COMMENT_ROW_PARTS = new Map<PgTable, SQL[]>([
  [comments, parentsFirst(comments.parentId)],
]);
