/*
 * What the site archive holds (docs/archive-format.md): its tables in the order they fill, its
 * lines, and what it needs; the export (site-archive.ts) and the import (site-archive-import.ts)
 * share them.
 */
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { CopiedRow } from '../../lib/table-copy';
import { ARTICLE_TABLES } from '../articles/articles-transfer';
import { BREAKING_TABLES } from '../breaking/breaking-transfer';
import { LIVE_TABLES } from '../live/live-transfer';
import { CATEGORY_TABLES } from '../categories/categories-transfer';
import { NEWSROOM_TABLES } from '../newsroom/newsroom-transfer';
import { IMPORT_TABLES } from '../imports/imports-transfer';
import type { MediaService } from '../media/media-service';
import { MEDIA_TABLES } from '../media/media-transfer';
import { PAGE_TABLES } from '../pages/pages-transfer';
import { PUSH_TABLES } from '../push/push-transfer';
import { SETTINGS_TABLES } from '../settings/settings-transfer';
import { USER_TABLES } from '../users/users-transfer';
import { VIEW_TABLES } from '../views/views-transfer';

export const ARCHIVE_FORMAT = 'patrika-archive';
export const ARCHIVE_VERSION = 1;

/** Every archived table, in an order each can be filled in (its references come first). */
export const TABLES: readonly PgTable[] = [
  ...USER_TABLES,
  ...MEDIA_TABLES,
  ...CATEGORY_TABLES,
  ...ARTICLE_TABLES,
  ...BREAKING_TABLES,
  ...LIVE_TABLES,
  ...PUSH_TABLES,
  ...NEWSROOM_TABLES,
  ...VIEW_TABLES,
  ...SETTINGS_TABLES,
  ...PAGE_TABLES,
  ...IMPORT_TABLES,
];
export const BY_NAME = new Map(TABLES.map((t) => [getTableName(t), t]));
export const MEDIA_TABLE = getTableName(MEDIA_TABLES[0]);
export const ARTICLES_TABLE = getTableName(ARTICLE_TABLES[0]);
export const USERS_TABLE = getTableName(USER_TABLES[0]);
/** Tables whose rows make a site "not empty" for `npm run import`. */
export const CONTENT_TABLES = [
  ...USER_TABLES,
  ...CATEGORY_TABLES,
  ARTICLE_TABLES[0],
  ...MEDIA_TABLES,
];

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** The last migration of the site that wrote it. */
  schema: string;
}

export type ArchiveLine =
  | ArchiveHeader
  | { table: string; row: CopiedRow; revisions?: unknown[] }
  | { file: string; contentType: string; data: string }
  | { end: true; counts: Record<string, number> };

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export const BATCH = 100;

/** What the site archive needs; the composition root passes it. */
export interface SiteArchiveDeps {
  db: Db;
  clock: Clock;
  media: MediaService;
  /** The last migration's tag, written into the header. */
  schema: string;
  /**
   * Tells every process that the settings were replaced (an archive read into a running site):
   * what they kept of the empty site's settings goes.
   */
  settingsReplaced?: () => Promise<void>;
}
