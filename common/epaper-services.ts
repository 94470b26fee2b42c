/*
 * What the e-paper's reader pages ask of the server, in process (issue 67 item 3; AppServices
 * in common/services.ts): only public issues (published, or scheduled and their time has come).
 */
import type {
  EpaperArchive,
  EpaperArchiveMonth,
  EpaperCalendar,
  EpaperLatest,
  EpaperPageText,
  EpaperReaderIssue,
  EpaperSearchHit,
  EpaperSearchQuery,
} from './schemas/epaper';
import type { EpaperClip, EpaperInPrint, EpaperReaderZone } from './schemas/epaper-zones';

export interface EpaperReads {
  /** An edition's (by slug) public issue of a date with its pages, or undefined. */
  issue(editionSlug: string, date: string): Promise<EpaperReaderIssue | undefined>;
  /** The newest public issue of each edition that has one, the national edition first. */
  latest(): Promise<EpaperLatest[]>;
  /** An edition's public issue dates in a month (`YYYY-MM`). */
  calendar(editionId: string, month: string): Promise<EpaperCalendar>;
  /** An edition's (by slug) months with public issues back to the first (issue 68 item 5). */
  archive(editionSlug: string): Promise<EpaperArchive | undefined>;
  /** One month (`YYYY-MM`) of an edition's public issues, with their front pages. */
  archiveMonth(editionSlug: string, month: string): Promise<EpaperArchiveMonth | undefined>;
  /** A public issue's page text, with the boxes of the words `q` finds (none without `q`). */
  pageText(issueId: string, page: number, q?: string): Promise<EpaperPageText | undefined>;
  /** Pages of public issues whose machine-read text `q` finds, newest issue first. */
  search(query: EpaperSearchQuery): Promise<EpaperSearchHit[]>;
  /** A public issue's page's boxes (issue 68 item 1): each to its story, or to its text. */
  readerZones(issueId: string, page: number): Promise<EpaperReaderZone[]>;
  /** Where a story was printed: public issues' pages whose boxes link it, newest first. */
  inPrint(storyId: string): Promise<EpaperInPrint[]>;
  /** A reader's clip while its issue is public (issue 68 item 2). */
  clip(id: string): Promise<EpaperClip | undefined>;
}
