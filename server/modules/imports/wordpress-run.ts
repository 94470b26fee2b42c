/*
 * What the WordPress import's steps share: the report's lines, one run's transaction and
 * lookups, and what importing a post needs of the steps before it. Beside the steps, so none
 * of them imports the file that runs them.
 */
import type { Db } from '../../../db/client';
import type { MediaService } from '../media/media-service';
import type {
  findImported,
  findImportedMany,
  recordImported,
  RecordKind,
} from './imports-repository';
import type { WxrFile, WxrItem } from './wxr-types';

/** What happened to one thing of the export file. */
export interface ReportLine {
  kind: 'post' | 'page' | 'author' | 'category' | 'image' | 'other';
  /** Its id, login, slug or address in the export. */
  key: string;
  title: string;
  outcome: 'created' | 'unchanged' | 'reused' | 'skipped' | 'missing' | 'keywords';
  /** Why, or what to know (a status mapped, an image missing). */
  note?: string;
}

export interface ImportReport {
  file: string;
  version: string;
  site: string;
  lines: ReportLine[];
  /** Things created on this site (articles, pages, accounts, categories, images). */
  created: number;
  /** Things changed that existed before (a static page's text). */
  changed: number;
  /** Comments in the file; never imported. */
  commentsIgnored: number;
  /**
   * Where the time went (ms), parts of the import's time that add up to it: the file's first
   * pass; the rows written (the second pass read with them); images stored; search indexed,
   * Node's time making the rows (while the batch before is written) and the closing pass.
   */
  timings: ImportTimings;
}

export interface ImportTimings {
  reading: number;
  writing: number;
  media: number;
  indexing: number;
}

/** One import's transaction and what every step of it shares. */
export interface ImportRun {
  tx: Db;
  wxr: WxrFile;
  now: Date;
  media: MediaService;
  report: (line: ReportLine) => void;
  /** What an earlier import made of this thing of the same file, if anything. */
  isRecorded: (kind: RecordKind, key: string) => ReturnType<typeof findImported>;
  record: (kind: RecordKind, key: string, targetId: string) => ReturnType<typeof recordImported>;
  /** What earlier imports made of these things of one kind, by key. */
  recordedAmong: (kind: RecordKind, keys: string[]) => ReturnType<typeof findImportedMany>;
  /** record for many things of one kind at once. */
  recordAll: (kind: RecordKind, rows: { key: string; targetId: string }[]) => Promise<void>;
  /** Runs `work` with the lines it reports kept back: answers them beside its answer. */
  collect: <T>(work: () => Promise<T>) => Promise<[T, ReportLine[]]>;
}

/** An image address of the file made ours (its address here), or undefined when missing. */
export type ImageOf = (address: string, usedBy: string) => Promise<string | undefined>;

/** What importing a post needs of the steps before it, and what it leaves for the report. */
export interface PostSteps {
  /** Our user id of each WordPress login. */
  authorIds: Map<string, string>;
  categoryOf: (nicename: string, name: string) => Promise<{ id: string; slug: string }>;
  imageOf: ImageOf;
  /** The file's attachments by post id. */
  attachments: Map<string, WxrItem>;
  /** Images of posts imported by an earlier run. */
  shownBefore: Set<string>;
}
