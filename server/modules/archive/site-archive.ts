import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import type { Clock } from '../../lib/clock';
import { countRows, insertRows, readRows, type CopiedRow } from '../../lib/table-copy';
import { ARTICLE_TABLES, withTranslationGroup } from '../articles/articles-transfer';
import { BREAKING_TABLES } from '../breaking/breaking-transfer';
import { LIVE_TABLES } from '../live/live-transfer';
import { CATEGORY_ROW_ORDERS, CATEGORY_TABLES } from '../categories/categories-transfer';
import { NEWSROOM_TABLES } from '../newsroom/newsroom-transfer';
import { indexImportedArticles } from '../search/search-transfer';
import { IMPORT_TABLES } from '../imports/imports-transfer';
import type { MediaService } from '../media/media-service';
import { contentTypeOfKey, MEDIA_KEY_PATTERN, type MediaStorage } from '../media/media-storage';
import { filesOf, MEDIA_TABLES } from '../media/media-transfer';
import { PAGE_TABLES } from '../pages/pages-transfer';
import { PUSH_TABLES } from '../push/push-transfer';
import { SETTINGS_TABLES } from '../settings/settings-transfer';
import { USER_TABLES, withoutPassword } from '../users/users-transfer';
import { archivedTotalOf, importArchivedTotals, VIEW_TABLES } from '../views/views-transfer';

/*
 * The site archive (docs/archive-format.md): everything a site is made of, in one gzipped file
 * of JSON lines that `npm run import` reads back into an empty site, on either engine and
 * either media storage. Rows are copied as they are (ids, dates, counts), except that users
 * carry no password hash. Written from one read-only snapshot, so it is consistent while the
 * site runs.
 */

export const ARCHIVE_FORMAT = 'patrika-archive';
export const ARCHIVE_VERSION = 1;

/** Every archived table, in an order each can be filled in (its references come first). */
const TABLES: readonly PgTable[] = [
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
const BY_NAME = new Map(TABLES.map((t) => [getTableName(t), t]));
const MEDIA_TABLE = getTableName(MEDIA_TABLES[0]);
const ARTICLES_TABLE = getTableName(ARTICLE_TABLES[0]);
const USERS_TABLE = getTableName(USER_TABLES[0]);
/** Tables whose rows make a site "not empty" for `npm run import`. */
const CONTENT_TABLES = [...USER_TABLES, ...CATEGORY_TABLES, ARTICLE_TABLES[0], ...MEDIA_TABLES];

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

const BATCH = 100;

/** What the site archive needs; the composition root passes it. */
interface SiteArchiveDeps {
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

export function createSiteArchive(deps: SiteArchiveDeps) {
  return {
    /** Writes the archive to `out` (gzip is applied here) and answers the counts written. */
    exportTo: (out: Writable) => exportArchive(deps, out),
    /** Writes the archive to a file. */
    exportToFile: async (path: string) => exportArchive(deps, createWriteStream(path)),
    /**
     * Reads an archive into this site, which must be empty (no users, categories, articles or
     * uploads), in one transaction: a broken or truncated archive leaves nothing behind, and
     * the files it wrote are removed again.
     */
    importFrom: (path: string) => importArchive(deps, path),
    tables: TABLES,
  };
}
export type SiteArchive = ReturnType<typeof createSiteArchive>;

type WriteLine = (line: ArchiveLine) => Promise<void>;

async function exportArchive(
  { db, clock, media, schema }: SiteArchiveDeps,
  out: Writable,
): Promise<Record<string, number>> {
  const gzip = createGzip();
  const piped = pipeline(gzip, out);
  const write: WriteLine = async (line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const counts: Record<string, number> = {};
  try {
    await transaction(
      db,
      async (tx) => {
        await write({
          format: ARCHIVE_FORMAT,
          version: ARCHIVE_VERSION,
          createdAt: clock.now().toISOString(),
          schema,
        });
        const keys = await writeRows(tx, write, counts);
        await writeFiles(media.storageIn(tx), keys, write, counts);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await write({ end: true, counts });
    gzip.end();
    await piped;
  } catch (error) {
    gzip.destroy(error as Error);
    await piped.catch(() => {});
    throw error;
  }
  return counts;
}

/** Writes every archived table's rows, counting them; answers the media files they name. */
async function writeRows(tx: Db, write: WriteLine, counts: Record<string, number>) {
  const keys: string[] = [];
  for (const table of TABLES) {
    const name = getTableName(table);
    counts[name] = 0;
    for await (const row of readRows(tx, table, undefined, CATEGORY_ROW_ORDERS.get(table))) {
      counts[name]++;
      if (name === USERS_TABLE) await write({ table: name, row: withoutPassword(row) });
      else if (name === ARTICLES_TABLE)
        // Reserved for the newsroom's revisions (DECISIONS.md §11): none exist yet.
        await write({ table: name, row, revisions: [] });
      else await write({ table: name, row });
      if (name === MEDIA_TABLE) keys.push(...filesOf(row as Parameters<typeof filesOf>[0]));
    }
  }
  return keys;
}

/** Writes the media files under `keys` from `files`, counting them. */
async function writeFiles(
  files: MediaStorage,
  keys: string[],
  write: WriteLine,
  counts: Record<string, number>,
) {
  counts.files = 0;
  for (const key of keys) {
    const file = await files.get(key);
    // A file lost from storage is left out; its row still says what it was.
    if (!file) continue;
    counts.files++;
    await write({
      file: key,
      contentType: file.contentType,
      data: file.data.toString('base64'),
    });
  }
}

async function importArchive(
  { db, media, settingsReplaced }: SiteArchiveDeps,
  path: string,
): Promise<Record<string, number>> {
  await refuseUnlessEmpty(db);
  const written: string[] = [];
  const counts: Record<string, number> = {};
  try {
    await transaction(db, async (tx) => {
      const loader = archiveLoader(tx, media.storageIn(tx), counts, written);
      let lineNo = 0;
      const input = createReadStream(path).pipe(createGunzip());
      const reader = createInterface({ input, crlfDelay: Infinity });
      try {
        for await (const text of reader) {
          lineNo++;
          if (!text) continue;
          let line: ArchiveLine;
          try {
            line = JSON.parse(text) as ArchiveLine;
          } catch {
            throw new ArchiveError(`Line ${lineNo} of the archive is not JSON.`);
          }
          await loader.take(line, lineNo);
        }
      } catch (error) {
        if (error instanceof ArchiveError) throw error;
        throw new ArchiveError(
          `The archive could not be read (${(error as Error).message}); is it a whole file made by npm run export?`,
        );
      }
      await loader.finish();
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => media.storage.remove(key)));
    throw error;
  }
  await settingsReplaced?.();
  return counts;
}

/** Refuses to import into a site that has any users, categories, articles or uploads. */
async function refuseUnlessEmpty(db: Db) {
  for (const table of CONTENT_TABLES) {
    const n = await countRows(db, table);
    if (n > 0)
      throw new ArchiveError(
        `npm run import reads an archive into an empty site, and this one has ${n} row${n === 1 ? '' : 's'} in ${getTableName(table)}. ` +
          'Use a new DATA_DIR or an empty database.',
      );
  }
}

/** Refuses a first line that is not the header of an archive this code can read. */
function checkHeader(line: ArchiveLine): ArchiveHeader {
  if (!('format' in line) || line.format !== ARCHIVE_FORMAT)
    throw new ArchiveError('This is not a Patrika archive (made by npm run export).');
  if (line.version > ARCHIVE_VERSION)
    throw new ArchiveError(
      `The archive is version ${line.version}; this Patrika reads up to version ${ARCHIVE_VERSION}. Update Patrika first.`,
    );
  return line;
}

/**
 * Takes an archive's lines in order into `tx`: rows in batches of a table, files into
 * `files` (their keys kept in `written`), the end record checked against `counts`.
 */
function archiveLoader(
  tx: Db,
  files: MediaStorage,
  counts: Record<string, number>,
  written: string[],
) {
  let pending: { table: PgTable; rows: CopiedRow[] } | undefined;
  const articleTotals: CopiedRow[] = [];
  const flush = async () => {
    if (pending) await insertRows(tx, pending.table, pending.rows);
    pending = undefined;
  };
  let header: ArchiveHeader | undefined;
  let ended = false;
  return {
    async take(line: ArchiveLine, lineNo: number) {
      if (!header) {
        header = checkHeader(line);
        return;
      }
      if (ended) throw new ArchiveError(`Line ${lineNo}: content after the end record.`);
      if ('table' in line) {
        const table = BY_NAME.get(line.table);
        if (!table) throw new ArchiveError(`Line ${lineNo}: unknown table "${line.table}".`);
        if (pending && pending.table !== table) await flush();
        pending ??= { table, rows: [] };
        pending.rows.push(table === ARTICLE_TABLES[0] ? withTranslationGroup(line.row) : line.row);
        const total = table === ARTICLE_TABLES[0] ? archivedTotalOf(line.row) : undefined;
        if (total) articleTotals.push(total);
        counts[line.table] = (counts[line.table] ?? 0) + 1;
        if (pending.rows.length >= BATCH) await flush();
      } else if ('file' in line) {
        await flush();
        if (!MEDIA_KEY_PATTERN.test(line.file))
          throw new ArchiveError(`Line ${lineNo}: "${line.file}" is not a media file name.`);
        await files.put(line.file, Buffer.from(line.data, 'base64'), contentTypeOfKey(line.file));
        written.push(line.file);
        counts.files = (counts.files ?? 0) + 1;
      } else if ('end' in line) {
        await flush();
        for (const [name, n] of Object.entries(line.counts))
          if ((counts[name] ?? 0) !== n)
            throw new ArchiveError(
              `The archive says ${n} ${name} but holds ${counts[name] ?? 0}; it is damaged.`,
            );
        ended = true;
      } else throw new ArchiveError(`Line ${lineNo}: a record of no known kind.`);
    },

    /** Refuses an empty or cut-short archive; makes what is derived from the rows taken. */
    async finish() {
      if (!header) throw new ArchiveError('The archive is empty.');
      if (!ended)
        throw new ArchiveError('The archive ends early (no end record): it was cut short.');
      // An archive from before the views' own totals carried them on the article rows.
      if (!counts[getTableName(VIEW_TABLES[1])])
        await importArchivedTotals(tx, articleTotals, BATCH);
      // Search's index is derived, not archived: made here for what came in.
      await indexImportedArticles(tx);
    },
  };
}
