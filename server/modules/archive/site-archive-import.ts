/*
 * `npm run import`'s side of the site archive (docs/archive-format.md): an archive read back into
 * an empty site, in one transaction.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { countRows, insertRows, type CopiedRow } from '../../lib/table-copy';
import { ARTICLE_TABLES } from '../articles/articles-transfer';
import { indexImportedArticles } from '../search/search-transfer';
import { isLinkKey, keepCarriedLinkKeys } from '../newsletters/newsletters-transfer';
import { contentTypeOfKey, isStoredKey, type MediaStorage } from '../media/media-storage';
import { archivedTotalOf, importArchivedTotals, VIEW_TABLES } from '../views/views-transfer';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  BATCH,
  BY_NAME,
  CONTENT_TABLES,
  LINK_KEYS,
  REPLACED,
  ROW_SHAPES,
  type ArchiveHeader,
  type ArchiveLine,
  type SiteArchiveDeps,
} from './site-archive-tables';

export async function importArchive(
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
    if (pending) await insertRows(tx, pending.table, pending.rows, REPLACED.has(pending.table));
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
        pending.rows.push(ROW_SHAPES.get(table)?.(line.row) ?? line.row);
        const total = table === ARTICLE_TABLES[0] ? archivedTotalOf(line.row) : undefined;
        if (total) articleTotals.push(total);
        counts[line.table] = (counts[line.table] ?? 0) + 1;
        if (pending.rows.length >= BATCH) await flush();
      } else if ('file' in line) {
        await flush();
        if (!isStoredKey(line.file))
          throw new ArchiveError(`Line ${lineNo}: "${line.file}" is not a media file name.`);
        await files.put(line.file, Buffer.from(line.data, 'base64'), contentTypeOfKey(line.file));
        written.push(line.file);
        counts.files = (counts.files ?? 0) + 1;
      } else if ('newsletterLinkKeys' in line) {
        const keys = line.newsletterLinkKeys;
        if (!Array.isArray(keys) || !keys.every(isLinkKey))
          throw new ArchiveError(`Line ${lineNo}: the newsletter links' keys are not keys.`);
        await flush();
        await keepCarriedLinkKeys(tx, keys);
        counts[LINK_KEYS] = (counts[LINK_KEYS] ?? 0) + keys.length;
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
