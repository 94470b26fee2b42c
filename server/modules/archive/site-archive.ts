import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { getTableName } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { readTable } from '../../lib/table-copy';
import type { MediaStorage } from '../media/media-storage';
import { withoutPassword } from '../users/users-transfer';
import { linkKeysToCarry } from '../newsletters/newsletters-transfer';
import { importArchive } from './site-archive-import';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  ArchiveError,
  ARTICLES_TABLE,
  LINK_KEYS,
  FILES_OF,
  ROW_PARTS,
  TABLES,
  USERS_TABLE,
  type ArchiveHeader,
  type ArchiveLine,
  type SiteArchiveDeps,
} from './site-archive-tables';

export { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchiveError, type ArchiveHeader, type ArchiveLine };

/*
 * The site archive (docs/archive-format.md): everything a site is made of, in one gzipped file
 * of JSON lines that `npm run import` reads back into an empty site, on either engine and
 * either media storage. Rows are copied as they are (ids, dates, counts), except that users
 * carry no password hash. Written from one read-only snapshot, so it is consistent while the
 * site runs.
 */

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
        // The keys mailed links are signed with, so readers can leave a list after the move.
        const linkKeys = await linkKeysToCarry(tx);
        await write({ newsletterLinkKeys: linkKeys });
        counts[LINK_KEYS] = linkKeys.length;
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
    for await (const row of readTable(tx, table, ROW_PARTS.get(table))) {
      counts[name]++;
      if (name === USERS_TABLE) await write({ table: name, row: withoutPassword(row) });
      else if (name === ARTICLES_TABLE)
        // Reserved for the newsroom's revisions (DECISIONS.md §11): none exist yet.
        await write({ table: name, row, revisions: [] });
      else await write({ table: name, row });
      const files = FILES_OF.get(name);
      if (files) keys.push(...files(row as never));
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
