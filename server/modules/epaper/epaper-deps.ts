/*
 * What the e-paper module needs (epaper-wiring.ts passes it); its parts import this file, never
 * epaper-service.ts, which composes them.
 */
import type { EpaperReach } from '../../../common/epaper-access';
import type { Edition } from '../../../common/schemas/editions';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { MediaStorage } from '../media/media-storage';
import type { JobsService } from '../jobs/jobs-service';
import type { ToolRunner } from './epaper-tools';
import type { Log } from '../../lib/log';

/** Job kinds (and their keys' first part): a page's views and tiles, its OCR, an issue's publishing, a file no page prints. */
export const EPAPER_VIEWS_JOB = 'epaper-views';
export const EPAPER_OCR_JOB = 'epaper-ocr';
export const EPAPER_PUBLISH_JOB = 'epaper-publish';
export const EPAPER_FORGET_JOB = 'epaper-forget';
/** The job of each stage of a page's processing. */
export const STAGE_JOB = { views: EPAPER_VIEWS_JOB, ocr: EPAPER_OCR_JOB } as const;
/** Failed attempts of a page's stage before it is given up (the desk sees it failed). */
export const MAX_FAILURES = 3;
export const jobKey = (kind: string, id: string) => `${kind}:${id}`;

/** The job that removes a file once no page prints it (its storage keys, then its row). */
export const forgetJob = (fileId: string, runAt: Date) => ({
  key: jobKey(EPAPER_FORGET_JOB, fileId),
  kind: EPAPER_FORGET_JOB,
  subjectId: fileId,
  runAt,
});

/** What the e-paper asks of editions: which edition a reference names, and a desk's limits. */
export interface EpaperEditions {
  byId(id: string): Promise<Edition>;
  bySlug(slug: string): Promise<Edition | undefined>;
  /** The editions a desk may work on; [] for every edition. */
  deskOf(userId: string): Promise<string[]>;
}

export interface EpaperDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  jobs: JobsService;
  storage: MediaStorage;
  editions: EpaperEditions;
  tools: ToolRunner;
  /** A folder of this machine for uploads being checked and pages being processed. */
  workDir: string;
  /** OCR runs one process may have at once (EPAPER_OCR_WORKERS). */
  ocrWorkers: number;
  log?: Log | undefined;
  /** The site's name and interface language: a clip's footer (issue 68 item 2). */
  site?: () => Promise<{ name: string; language: string }>;
  /** What a reader's membership opens of the e-paper (the payments module's; issue 68 item 3). */
  readers?: { reachOf(actor: Actor | null): Promise<EpaperReach> };
  /** The paid edition's limits: EPAPER_CLIP_SHARE, EPAPER_DOWNLOADS_PER_DAY (issue 68 items 2, 4). */
  paid?: { clipShare: number; downloadsPerDay: number };
  /** Joins a PDF's pages and stamps each copy (epaper-download.ts); unset: no downloads. */
  stamper?: PdfStamper;
}

/**
 * What a download's copy carries (issue 68 item 4): on every page its line in the paper's
 * language (`line`, an image set by sharp: a PDF's own fonts draw Latin letters only) and, in
 * Latin letters as text, `footer` (with the trace, so a copy's text still names it); the trace
 * in its metadata.
 */
export interface PdfStamp {
  footer: string;
  trace: string;
  title: string;
  line: { png: Buffer; width: number; height: number };
}
/** Stamps a joined PDF: answers the copy's bytes. */
export type PdfStamper = (pdf: Buffer, stamp: PdfStamp) => Promise<Buffer>;
