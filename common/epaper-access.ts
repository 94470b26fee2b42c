/*
 * The paid e-paper (issue 68 items 3 to 5, DECISIONS.md §31, docs/decisions/074): who may read
 * an edition's pages whole, how far back a plan reaches in the archive, and the limits of what
 * readers who may not get (clips) and of what those who may take away (downloads). Shared by
 * the server (which decides) and the reader pages (which only show what it decided).
 */
import { mayReadWhole, type AccessClass } from './article-access';

/** Who may read an edition's e-paper whole: anyone, members of any plan with it, paid plans. */
export const EPAPER_ACCESS = ['free', 'members', 'paid'] as const;
export type EpaperAccess = (typeof EPAPER_ACCESS)[number];

/** An edition's e-paper setting: its access, and the pages anyone reads whole whatever it is. */
export interface EditionEpaper {
  access: EpaperAccess;
  freePages: number[];
}
/** What an edition's e-paper is until an administrator says otherwise: free, page 1 free. */
export const DEFAULT_EDITION_EPAPER: EditionEpaper = { access: 'free', freePages: [1] };

/** What a plan may include besides stories (issue 68 item 3): the e-paper. */
export const PLAN_INCLUDES = ['epaper'] as const;
export type PlanInclude = (typeof PLAN_INCLUDES)[number];
/** The longest reach a plan may set, in days (about a century: "everything" is null). */
export const EPAPER_DAYS_MAX = 36_500;

/**
 * What a reader's membership opens of the e-paper: their entitlement class, whether their plan
 * includes the e-paper, and how many days back it reaches (null: every issue). Staff and a
 * complimentary membership without a plan read everything.
 */
export interface EpaperReach {
  signedIn: boolean;
  reader: AccessClass;
  epaper: boolean;
  days: number | null;
}
export const NO_REACH: EpaperReach = { signedIn: false, reader: 'none', epaper: false, days: null };
export const FULL_REACH: EpaperReach = { signedIn: true, reader: 'paid', epaper: true, days: null };

/** Whether page `number` of an edition's issue is free to every reader. */
export const isFreePage = (setting: EditionEpaper, number: number) =>
  setting.access === 'free' || setting.freePages.includes(number);

/** `YYYY-MM-DD`, `days` before `today` (a date, UTC). */
export function daysBefore(today: string, days: number): string {
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/**
 * Why a reader may not read an issue's walled pages, or null when they may: `sign-in`
 * (anonymous), `subscribe` (no plan with the e-paper, or one whose access is below the
 * edition's), `archive` (the issue is older than their plan reaches).
 */
export function epaperWall(
  setting: EditionEpaper,
  reach: EpaperReach,
  issueDate: string,
  today: string,
): 'sign-in' | 'subscribe' | 'archive' | null {
  if (setting.access === 'free') return null;
  if (!reach.epaper || !mayReadWhole(setting.access, reach.reader))
    return reach.signedIn ? 'subscribe' : 'sign-in';
  if (reach.days !== null && issueDate < daysBefore(today, reach.days)) return 'archive';
  return null;
}

/**
 * A clip's box on a page not free to its viewer (issue 68 item 2): at most `share` of the page,
 * the box shrunk about its middle, its shape kept.
 */
export function cappedBox<B extends { x: number; y: number; w: number; h: number }>(
  box: B,
  share: number,
): B {
  const area = box.w * box.h;
  if (area <= share) return box;
  const k = Math.sqrt(share / area);
  const [w, h] = [box.w * k, box.h * k];
  return { ...box, x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** How long a walled page's signed address works (issue 68 item 3: within 15 minutes). */
export const EPAPER_SIGNED_SECONDS = 10 * 60;
/** The largest share of a page one clip may cut where the page is not free to its viewer. */
export const EPAPER_CLIP_SHARE_DEFAULT = 0.25;
/** Downloads of an issue's PDF one reader may make in a day (issue 68 item 4). */
export const EPAPER_DOWNLOADS_PER_DAY_DEFAULT = 5;
/** The trace a download's copy carries: hex, this long. */
export const EPAPER_TRACE_PATTERN = /^[0-9a-f]{32}$/;
/** `/api/epaper/files/{pageId}/{expires}/{signature}/…`: a walled page's view and tiles. */
export const EPAPER_SIGNED_PREFIX = '/api/epaper/files';
