/*
 * What the site archive holds (docs/archive-format.md): its tables in the order they fill, its
 * lines, and what it needs; the export (site-archive.ts) and the import (site-archive-import.ts)
 * share them.
 */
import { getTableName } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { CopiedRow, RowShape } from '../../lib/table-copy';
import { AD_TABLES } from '../ads/ads-transfer';
import { ANALYTICS_TABLES } from '../analytics/analytics-transfer';
import {
  ARTICLE_REPLACED,
  ARTICLE_ROW_SHAPES,
  ARTICLE_TABLES,
} from '../articles/articles-transfer';
import {
  EDITION_HOME_TABLES,
  EDITION_REPLACED,
  EDITION_ROW_PARTS,
  EDITION_TABLES,
} from '../editions/editions-transfer';
import { AUDIT_ROW_SHAPES, AUDIT_TABLES } from '../audit/audit-transfer';
import { ELECTION_TABLES } from '../elections/elections-transfer';
import { EPAPER_FILES_OF, EPAPER_TABLES } from '../epaper/epaper-transfer';
import { COMMENT_ROW_PARTS, COMMENT_TABLES } from '../comments/comments-transfer';
import { GIFT_TABLES } from '../gifts/gifts-transfer';
import { NEWSLETTER_TABLES } from '../newsletters/newsletters-transfer';
import { PAYMENT_TABLES } from '../payments/payments-transfer';
import { READER_TABLES } from '../readers/readers-transfer';
import { BREAKING_TABLES } from '../breaking/breaking-transfer';
import { LIVE_TABLES } from '../live/live-transfer';
import { CATEGORY_ROW_PARTS, CATEGORY_TABLES } from '../categories/categories-transfer';
import { NEWSROOM_TABLES, NOTE_ROW_PARTS } from '../newsroom/newsroom-transfer';
import { IMPORT_TABLES } from '../imports/imports-transfer';
import type { MediaService } from '../media/media-service';
import { filesOf, MEDIA_TABLES } from '../media/media-transfer';
import { PAGE_TABLES } from '../pages/pages-transfer';
import { PUSH_TABLES } from '../push/push-transfer';
import { SETTINGS_TABLES } from '../settings/settings-transfer';
import { USER_TABLES } from '../users/users-transfer';
import { VIEW_TABLES } from '../views/views-transfer';

export const ARCHIVE_FORMAT = 'patrika-archive';
/** 2: the newsletter links' keys travel (a version-1 archive has none, and reads as before). */
export const ARCHIVE_VERSION = 2;

/** Every archived table, in an order each can be filled in (its references come first). */
export const TABLES: readonly PgTable[] = [
  ...USER_TABLES,
  ...MEDIA_TABLES,
  ...CATEGORY_TABLES,
  // Editions (issue 65): absent in an archive written before them (its stories stay national).
  ...EDITION_TABLES,
  ...ARTICLE_TABLES,
  ...EDITION_HOME_TABLES,
  ...BREAKING_TABLES,
  ...LIVE_TABLES,
  ...PUSH_TABLES,
  ...NEWSROOM_TABLES,
  ...VIEW_TABLES,
  ...SETTINGS_TABLES,
  ...PAGE_TABLES,
  ...IMPORT_TABLES,
  // What readers and the business made (issue 36's wave): absent in an archive written before.
  ...COMMENT_TABLES,
  ...NEWSLETTER_TABLES,
  ...READER_TABLES,
  ...PAYMENT_TABLES,
  ...GIFT_TABLES,
  ...AD_TABLES,
  ...ANALYTICS_TABLES,
  ...AUDIT_TABLES,
  // Counting days (issue 69): absent in an archive written before them.
  ...ELECTION_TABLES,
  // The e-paper (issue 67): absent in an archive written before it.
  ...EPAPER_TABLES,
];

/**
 * Every table the archive leaves out, and why: credentials and what is short-lived or made
 * again (tests/unit/site-archive-tables.test.ts fails on a table in neither list, so a new one
 * is never left out unnoticed). A backup (`npm run backup`) copies these too.
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  user_sessions: 'sessions: a way into an account, as a password hash is',
  password_resets: 'reset links: short-lived credentials',
  email_links: 'sign-in links: short-lived credentials',
  reader_delete_codes: 'deletion codes: short-lived credentials',
  user_passkeys: 'passkeys: credentials, registered again on the new site',
  webauthn_challenges: 'passkey challenges: minutes long',
  user_totp: 'authenticator secrets: credentials, sealed with this site’s SECRETS_KEY',
  user_recovery_codes: 'recovery codes: credentials',
  api_keys: 'API keys: credentials, made again for the new site',
  webhooks: 'webhook endpoints: their signing secrets are credentials, set up again',
  webhook_deliveries: 'webhook deliveries: a log of calls made',
  push_subscriptions: 'browsers’ push subscriptions: bound to this site’s VAPID key',
  epaper_downloads:
    'e-paper downloads: their traces are HMACs under this site’s kept secret (app_secrets, left out), meaningless on another site',
  push_follows: 'seats followed by push subscriptions, which stay with this site’s VAPID key',
  fediverse_keys: 'the fediverse actor’s private keys: credentials',
  fediverse_followers: 'fediverse followers: they follow the actor of this site’s keys and address',
  fediverse_messages: 'fediverse messages: a queue of deliveries',
  fediverse_kv: 'the fediverse library’s cache',
  app_secrets:
    'this site’s signing keys (sessions, gift links, VAPID): credentials; the newsletter links’ keys travel on a line of their own',
  media_blobs: 'media kept in the database: the archive carries every file on its own lines',
  events: 'the change events: each site’s own, read by its consumers within seconds',
  event_consumers: 'the consumers’ positions in this site’s events',
  jobs: 'the job queue: this site’s work in progress',
  rate_limits: 'rate-limit counters: minutes long',
  article_search: 'the search index: made again from the articles',
  list_sizes: 'big lists’ kept sizes: counted again by their first pages',
  article_presence: 'who has a form open now',
  collab_documents: 'co-editing state: an open editing session’s, saved into the article',
  collab_writers: 'who co-edits now',
  analytics_events: 'raw analytics events: kept a few days, then rolled up (the rollups travel)',
  analytics_salts: 'the day’s analytics salt: never kept past its day',
  article_view_readers: 'which readers were counted today: a day long',
};

/** The parts a table is read in, where not whole: each row after the rows it names. */
export const ROW_PARTS = new Map<PgTable, SQL[]>([
  ...CATEGORY_ROW_PARTS,
  ...COMMENT_ROW_PARTS,
  ...NOTE_ROW_PARTS,
  ...EDITION_ROW_PARTS,
]);
/** Tables a fresh site already has rows of, taken by key with the archive's values. */
export const REPLACED = new Set<PgTable>([...EDITION_REPLACED, ...ARTICLE_REPLACED]);
/**
 * How a table's rows are taken back, where not as written: what only meant something on the old
 * site (or in an older archive) made again for this one.
 */
export const ROW_SHAPES = new Map<PgTable, RowShape>([...ARTICLE_ROW_SHAPES, ...AUDIT_ROW_SHAPES]);
export const BY_NAME = new Map(TABLES.map((t) => [getTableName(t), t]));
export const MEDIA_TABLE = getTableName(MEDIA_TABLES[0]);
/** The stored files a row of these tables names: an upload's, an e-paper page's, a clip's. */
export const FILES_OF = new Map<string, (row: never) => string[]>([
  [MEDIA_TABLE, filesOf],
  ...EPAPER_FILES_OF,
]);
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
  | { newsletterLinkKeys: string[] }
  | { end: true; counts: Record<string, number> };

export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export const BATCH = 100;

/** The end record's count of the newsletter links' keys carried. */
export const LINK_KEYS = 'newsletter_link_keys';

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
