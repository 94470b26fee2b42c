/*
 * The e-paper (issue 67, DECISIONS.md §31), owned by server/modules/epaper: an edition's
 * printed paper of one date (`epaper_issues`), its pages in order (`epaper_pages`), and the
 * distinct PDF pages behind them (`epaper_files`), each stored and processed once however many
 * issues print it (two city editions sharing a page). The views, tiles and hOCR live in the
 * media storage under keys made from the file's hash (server/modules/epaper/epaper-keys.ts).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EPAPER_LANGUAGES, EPAPER_STATUSES } from '../../common/epaper';
import { id, ownedBy, timestamps, tsvector } from './columns';
import { editions } from './editions';
import { users } from './users';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * One edition's paper of one date. Readers see it once `published`, or `scheduled` with its
 * `publishAt` passed (the publish job flips it then; the read rule does not wait for the job).
 */
export const epaperIssues = pgTable(
  'epaper_issues',
  {
    id: id(),
    editionId: uuid()
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    title: text(),
    /** The language its pages are read in by OCR (with English beside it). */
    language: text({ enum: EPAPER_LANGUAGES }).notNull().default('hi'),
    status: text({ enum: EPAPER_STATUSES }).notNull().default('draft'),
    publishAt: at(),
    /** When readers first could read it. */
    publishedAt: at(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('epaper_issues_edition_date_idx').on(t.editionId, t.date),
    index('epaper_issues_public_idx')
      .on(t.date)
      .where(sql`${t.status} <> 'draft'`),
    check(
      'epaper_issues_scheduled_has_time',
      sql`${t.status} <> 'scheduled' OR ${t.publishAt} IS NOT NULL`,
    ),
  ],
);

/**
 * One distinct single-page PDF, by the SHA-256 of its bytes, and how far its processing has
 * come: each stage's time is set once, when the stage's results are stored; a stage in hand
 * holds its lease (`…LeaseUntil`), renewed while it works, so a process killed mid-stage leaves
 * it to another once the lease runs out (server/modules/epaper/epaper-processing.ts).
 */
export const epaperFiles = pgTable(
  'epaper_files',
  {
    id: id(),
    hash: text().notNull(),
    bytes: integer().notNull(),
    /** The page's size in PDF points (pdfinfo). */
    widthPt: doublePrecision().notNull(),
    heightPt: doublePrecision().notNull(),
    /** The language OCR reads it in: the issue's that brought it first. */
    language: text({ enum: EPAPER_LANGUAGES }).notNull(),
    /** The 300 dpi master's size in pixels, once rendered. */
    width: integer(),
    height: integer(),
    renderedAt: at(),
    /** The 1080 px view (WebP and AVIF) and the 240 px thumbnail are stored. */
    viewsAt: at(),
    /** The Deep Zoom tiles (200 dpi) are stored; their size, for the viewer. */
    tilesAt: at(),
    tileWidth: integer(),
    tileHeight: integer(),
    /** The OCR's text, words and hOCR are stored. */
    ocrAt: at(),
    viewsLeaseUntil: at(),
    ocrLeaseUntil: at(),
    /** Failed attempts (a lease that ran out is not one); past the limit the stage stops. */
    viewsFailures: smallint().notNull().default(0),
    ocrFailures: smallint().notNull().default(0),
    lastError: text(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('epaper_files_hash_idx').on(t.hash)],
);

/** A word as OCR read it: its text and its box in the 300 dpi master's pixels. */
export type OcrWord = [text: string, x0: number, y0: number, x1: number, y1: number];

/**
 * What OCR read on a file: the text (machine-read, DECISIONS.md §31), each word with its box
 * (for highlighting a search's matches), and the lexemes search finds it by.
 */
export const epaperTexts = pgTable(
  'epaper_texts',
  {
    fileId: uuid()
      .primaryKey()
      .references(() => epaperFiles.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    words: jsonb().$type<OcrWord[]>().notNull(),
    search: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [index('epaper_texts_search_idx').using('gin', t.search)],
);

/** An issue's page `number` (1, 2, …): one of the distinct files. */
export const epaperPages = pgTable(
  'epaper_pages',
  {
    id: id(),
    issueId: ownedBy(() => epaperIssues.id),
    number: smallint().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => epaperFiles.id, { onDelete: 'restrict' }),
    /** The uploaded file's name, as the desk sees it. */
    sourceName: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('epaper_pages_issue_number_idx').on(t.issueId, t.number),
    index('epaper_pages_file_idx').on(t.fileId),
    check('epaper_pages_number_positive', sql`${t.number} > 0`),
  ],
);
