/*
 * `npm run media:migrate`: copies every file the database names from one media storage to
 * another (issue 28 item 1: a folder, the database or an S3-compatible bucket), while the site
 * runs. Each copy is read back and compared before it counts; a file the target already holds
 * byte for byte is left alone, so a run that stopped half-way, run again, finishes the job. The
 * source is only emptied on request (`--remove-source`), file by file, after its copy checked.
 */
import type { Db } from '../../../db/client';
import { listMediaKeysAfter } from './media-repository';
import type { MediaStorage } from './media-storage';

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

export async function migrateMedia(
  db: Db,
  from: MediaStorage,
  to: MediaStorage,
  opts: { removeSource?: boolean; progress?: (done: number) => void } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = {
    copied: 0,
    alreadyThere: 0,
    missing: [],
    failed: [],
    removed: 0,
  };
  let after: string | null = null;
  let uploads = 0;
  for (;;) {
    const batch = await listMediaKeysAfter(db, after, 100);
    if (batch.length === 0) return report;
    for (const upload of batch) {
      after = upload.id;
      for (const key of upload.keys) {
        const outcome = await moveOne(key, from, to);
        if (outcome === 'missing') report.missing.push(key);
        else if (outcome === 'failed') report.failed.push(key);
        else {
          if (outcome === 'copied') report.copied++;
          else report.alreadyThere++;
          if (opts.removeSource) {
            await from.remove(key);
            report.removed++;
          }
        }
      }
      opts.progress?.(++uploads);
    }
  }
}
