/*
 * What the media storage keeps, owner by owner: each owner's rows in the order of their ids,
 * each row with the keys it names. `npm run media:migrate` walks them (media-migrate.ts); the
 * list of owners is server/modules/archive/stored-files.ts.
 */
import type { Db } from '../../../db/client';
import { listMediaKeysAfter } from './media-repository';

/** One row's stored files: those that must exist, and those that may. */
export interface StoredRow {
  id: string;
  keys: string[];
  /** Written by work not done yet (under way, cut short, given up): moved where they exist. */
  mayLack?: string[];
}

/** One owner's stored files, a batch of rows at a time. */
export interface StoredFiles {
  /** What its rows are, for the progress lines ("uploads"). */
  name: string;
  /** Up to `limit` rows after the row `after` (by id; null: from the first). */
  after(db: Db, after: string | null, limit: number): Promise<StoredRow[]>;
}

/** The library's uploads: each one's original, variants and crops (media-transfer.ts). */
export const UPLOAD_FILES: StoredFiles = { name: 'uploads', after: listMediaKeysAfter };
