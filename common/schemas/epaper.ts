/*
 * The e-paper's payloads (issue 67, DECISIONS.md §31): the desk's issues and pages, and what
 * readers' pages and apps are answered. A page's files are addressed under /media/ by the hash
 * of its PDF (common/epaper.ts); a page whose views are not made yet has none.
 */
import { z } from 'zod';
import { EPAPER_LANGUAGES, EPAPER_STATUSES } from '../epaper';
import { EPAPER_TRACE_PATTERN, type EpaperAccess } from '../epaper-access';
import { says } from '../refusals/schema-refusals';
import { IdSchema } from './common';
import { EditionNamesSchema } from './editions';
import { SearchQuerySchema } from './search';

/** An edition named by its id or its slug. */
const EditionRefSchema = z.string().trim().min(1).max(100);
const DateSchema = z.iso.date();

/** `POST /api/epaper/issues` (editors and up). */
export const EpaperIssueInputSchema = z.object({
  edition: EditionRefSchema,
  date: DateSchema,
  title: z.string().trim().max(200).optional(),
  /** The language OCR reads its pages in (with English); Hindi unless said. */
  language: z.enum(EPAPER_LANGUAGES).optional(),
});
export type EpaperIssueInput = z.infer<typeof EpaperIssueInputSchema>;

/** `PUT /api/epaper/issues/{id}`: its status (with `publishAt` to schedule) or its title. */
export const EpaperIssueUpdateSchema = z.object({
  status: z.enum(EPAPER_STATUSES).optional(),
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  title: z.string().trim().max(200).nullable().optional(),
});
export type EpaperIssueUpdate = z.infer<typeof EpaperIssueUpdateSchema>;

/** `PUT /api/epaper/issues/{id}/pages`: every page's id once, in the new order. */
export const EpaperOrderSchema = z.object({ order: z.array(IdSchema).min(1).max(1000) });
export type EpaperOrder = z.infer<typeof EpaperOrderSchema>;

export const EpaperIssueParamsSchema = z.object({ id: IdSchema });
export const EpaperPageParamsSchema = z.object({ id: IdSchema, pageId: IdSchema });

/** `GET /api/epaper/issues?edition=&from=&to=` (the desk's list). */
export const EpaperIssuesQuerySchema = z.object({
  edition: EditionRefSchema.optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
});

/** Where a stage of a page's processing is: not begun, done, or given up on after failures. */
export const EPAPER_STAGE_STATES = ['waiting', 'working', 'done', 'failed'] as const;
const StageSchema = z.enum(EPAPER_STAGE_STATES);

export const EpaperPageSchema = z.object({
  _id: z.string(),
  number: z.number(),
  sourceName: z.string(),
  /** The page's progress, stage by stage (the desk's screen polls it). */
  progress: z.object({
    rendered: StageSchema,
    views: StageSchema,
    tiles: StageSchema,
    ocr: StageSchema,
  }),
  /** The 300 dpi master's size, once rendered. */
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** The 1080 px view and the 240 px thumbnail, once made. */
  view: z.object({ webp: z.string(), avif: z.string(), thumb: z.string() }).nullable(),
  /** The Deep Zoom pyramid (200 dpi), once made: the viewer asks `{url}/{level}/{col}_{row}.webp`. */
  tiles: z
    .object({
      url: z.string(),
      width: z.number(),
      height: z.number(),
      tileSize: z.number(),
      overlap: z.number(),
      format: z.literal('webp'),
    })
    .nullable(),
});
export type EpaperPage = z.infer<typeof EpaperPageSchema>;

export const EpaperIssueSchema = z.object({
  _id: z.string(),
  edition: z.object({
    _id: z.string(),
    slug: z.string(),
    names: EditionNamesSchema,
  }),
  date: z.string(),
  title: z.string().nullable(),
  language: z.enum(EPAPER_LANGUAGES),
  status: z.enum(EPAPER_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Whether readers can read it now (published, or scheduled and its time has come). */
  public: z.boolean(),
  pages: z.array(EpaperPageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EpaperIssue = z.infer<typeof EpaperIssueSchema>;

export const EpaperIssueListSchema = z.object({
  issues: z.array(EpaperIssueSchema.omit({ pages: true }).extend({ pageCount: z.number() })),
});

/** An edition as the e-paper's reader pages name it. */
export interface EpaperEditionRef {
  _id: string;
  slug: string;
  names: { hi: string; en: string; mr?: string | undefined; gu?: string | undefined };
}

/** A page as readers get it: its view and tiles once made, whether OCR has read it. */
export interface EpaperReaderPage {
  /** The page's id: what a clip of it names (issue 68 item 2). */
  _id: string;
  number: number;
  width: number | null;
  height: number | null;
  /** Null on a walled page (issue 68 item 3): entitled readers get it signed, after load. */
  view: EpaperPage['view'];
  tiles: EpaperPage['tiles'];
  /** Its machine-read text exists (search finds it). */
  read: boolean;
  /** Free to every reader (its edition's e-paper is free, or it is one of its free pages). */
  free: boolean;
  /** Its 240 px thumbnail, once made (walled or not). */
  thumb: string | null;
}

/** A public issue as its reader pages show it. */
export interface EpaperReaderIssue {
  _id: string;
  edition: EpaperEditionRef;
  date: string;
  title: string | null;
  language: (typeof EPAPER_LANGUAGES)[number];
  /** Who reads its walled pages (its edition's e-paper setting, issue 68 item 3). */
  access: EpaperAccess;
  pages: EpaperReaderPage[];
}

/** An edition's newest public issue (the picker, `/epaper`). */
export interface EpaperLatest {
  edition: EpaperEditionRef;
  date: string;
  thumb: string | null;
}

/** The dates of an edition's public issues in one month, and the nearest months with issues. */
export interface EpaperCalendar {
  month: string;
  dates: string[];
  before: string | null;
  after: string | null;
}

/** An edition's archive (issue 68 item 5): every month with a public issue, newest first. */
export interface EpaperArchive {
  edition: EpaperEditionRef;
  months: { month: string; issues: number }[];
  /** The first public issue's date (the archive reaches back to it). */
  first: string | null;
}

/** One month of an edition's archive: each public issue with its front page's thumbnail. */
export interface EpaperArchiveMonth {
  edition: EpaperEditionRef;
  month: string;
  issues: { date: string; thumb: string | null; pages: number }[];
  /** The nearest months before and after with a public issue (`YYYY-MM`). */
  before: string | null;
  after: string | null;
}

/** A page's machine-read text, and the boxes (fractions of the page) of the words a query matched. */
export interface EpaperPageText {
  text: string;
  matches: { x: number; y: number; w: number; h: number }[];
}

/** `GET /api/epaper/search?q=&edition=&from=&to=&limit=` (anyone): pages of public issues. */
export const EpaperSearchQuerySchema = z.object({
  q: SearchQuerySchema.shape.q,
  edition: EditionRefSchema.optional(),
  from: DateSchema.optional(),
  to: DateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type EpaperSearchQuery = z.infer<typeof EpaperSearchQuerySchema>;

/** One page a query found, newest issue first: its words around the first match. */
export const EpaperSearchHitSchema = z.object({
  issue: z.object({
    _id: z.string(),
    edition: z.object({
      _id: z.string(),
      slug: z.string(),
      names: EditionNamesSchema,
    }),
    date: z.string(),
  }),
  page: z.number(),
  /** The page, with the query's words highlighted on it. */
  path: z.string(),
  thumb: z.string().nullable(),
  /** About a dozen machine-read words around the first match (plain text). */
  snippet: z.string(),
  /** How many of the page's words the query found. */
  matches: z.number(),
});
export type EpaperSearchHit = z.infer<typeof EpaperSearchHitSchema>;

export const EpaperSearchAnswerSchema = z.object({
  results: z.array(EpaperSearchHitSchema),
  /** Always true: the text was read by OCR from the printed page and may have mistakes. */
  machineRead: z.literal(true),
});

/**
 * `GET /api/epaper/issues/{id}/access` (anyone; private, no-store; issue 68 item 3): why the
 * reader is walled (null: they are not), and for an entitled reader each walled page's view and
 * tiles at signed addresses that stop working at `expiresAt`.
 */
export const EpaperIssueAccessSchema = z.object({
  wall: z.enum(['sign-in', 'subscribe', 'archive']).nullable(),
  expiresAt: z.string(),
  pages: z.array(
    z.object({
      number: z.number(),
      view: z.object({ webp: z.string(), avif: z.string() }).nullable(),
      tiles: EpaperPageSchema.shape.tiles,
    }),
  ),
  /** Whether they may download the issue's PDF (issue 68 item 4): signed in and entitled. */
  download: z.boolean(),
});
export type EpaperIssueAccess = z.infer<typeof EpaperIssueAccessSchema>;

/** `GET /api/epaper/traces/{trace}` (administrators, audited; issue 68 item 4). */
export const EpaperTraceParamsSchema = z.object({
  trace: z.string().regex(EPAPER_TRACE_PATTERN, says('epaper.trace_invalid')),
});
/** The reader behind a download's trace, and the copy it names. */
export const EpaperTraceSchema = z.object({
  trace: z.string(),
  reader: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** `edition` is the edition's slug (its address), `editionNames` what people call it. */
  issue: z
    .object({
      _id: z.string(),
      edition: z.string(),
      editionNames: EditionNamesSchema,
      date: z.string(),
    })
    .nullable(),
  downloadedAt: z.string(),
});
export type EpaperTrace = z.infer<typeof EpaperTraceSchema>;
