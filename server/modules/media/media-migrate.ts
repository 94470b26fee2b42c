/*
 * `npm run media:migrate`: copies every file the database names from one media storage to
 * another (issue 28 item 1: a folder, the database or an S3-compatible bucket), while the site
 * runs: the library's uploads and the e-paper's files (issue 67; the owners are listed in
 * server/modules/archive/stored-files.ts). Each copy is read back and compared before it
 * counts; a file the target already holds byte for byte is left alone, so a run that stopped
 * half-way, run again, finishes the job. The source is only emptied on request
 * (`--remove-source`), file by file, after its copy checked.
 */
import type { Db } from '../../../db/client';
import type { MediaStorage } from './media-storage';
import type { StoredFiles, StoredRow } from './media-stored-files';

export interface MigrationReport {
  /** Files written to the target and read back the same. */
  copied: number;
  /** Files the target held already, the same bytes. */
  alreadyThere: number;
  /** Keys the database names that the source does not hold (never silently skipped). */
  missing: string[];
  /** Keys whose copy did not read back the same. */
  failed: string[];
  /** Source files removed after their copy checked (--remove-source). */
  removed: number;
}

const sameBytes = (a: { data: Buffer } | undefined, b: Buffer) =>
  a !== undefined && a.data.length === b.length && a.data.equals(b);

/** Copies one key; answers what became of it. */
async function moveOne(
  key: string,
  from: MediaStorage,
  to: MediaStorage,
): Promise<'copied' | 'there' | 'missing' | 'failed'> {
  const source = await from.get(key);
  if (!source) return 'missing';
  if (sameBytes(await to.get(key), source.data)) return 'there';
  await to.put(key, source.data, source.contentType);
  return sameBytes(await to.get(key), source.data) ? 'copied' : 'failed';
}

/** Moves one row's files, adding what became of each to the report. */
async function moveRow(
  row: StoredRow,
  storages: { from: MediaStorage; to: MediaStorage },
  report: MigrationReport,
  removeSource: boolean,
) {
  const { from, to } = storages;
  const all = [
    ...row.keys.map((key) => ({ key, must: true })),
    ...(row.mayLack ?? []).map((key) => ({ key, must: false })),
  ];
  for (const { key, must } of all) {
    const outcome = await moveOne(key, from, to);
    if (outcome === 'missing') {
      // A file of work not done yet may not exist: nothing to move, nothing lost.
      if (must) report.missing.push(key);
    } else if (outcome === 'failed') report.failed.push(key);
    else {
      if (outcome === 'copied') report.copied++;
      else report.alreadyThere++;
      if (removeSource) {
        await from.remove(key);
        report.removed++;
      }
    }
  }
}

/** Moves every owner's files (archive/stored-files.ts `STORED_FILES`), a hundred rows at a time. */
export async function migrateMedia(
  db: Db,
  from: MediaStorage,
  to: MediaStorage,
  owners: readonly StoredFiles[],
  opts: { removeSource?: boolean; progress?: (done: number, owner: string) => void } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = {
    copied: 0,
    alreadyThere: 0,
    missing: [],
    failed: [],
    removed: 0,
  };
  for (const owner of owners) {
    let after: string | null = null;
    let done = 0;
    for (;;) {
      const batch = await owner.after(db, after, 100);
      if (batch.length === 0) break;
      for (const row of batch) {
        after = row.id;
        await moveRow(row, { from, to }, report, !!opts.removeSource);
        opts.progress?.(++done, owner.name);
      }
    }
  }
  return report;
}
