/*
 * What the e-paper's reader pages ask of the server, in process (issue 67 item 3; AppServices
 * in common/services.ts): only public issues (published, or scheduled and their time has come).
 */
import type {
  EpaperCalendar,
  EpaperLatest,
  EpaperPageText,
  EpaperReaderIssue,
  EpaperSearchHit,
  EpaperSearchQuery,
} from './schemas/epaper';

export interface EpaperReads {
  /** An edition's (by slug) public issue of a date with its pages, or undefined. */
  issue(editionSlug: string, date: string): Promise<EpaperReaderIssue | undefined>;
  /** The newest public issue of each edition that has one, the national edition first. */
  latest(): Promise<EpaperLatest[]>;
  /** An edition's public issue dates in a month (`YYYY-MM`). */
  calendar(editionId: string, month: string): Promise<EpaperCalendar>;
  /** A public issue's page text, with the boxes of the words `q` finds (none without `q`). */
  pageText(issueId: string, page: number, q?: string): Promise<EpaperPageText | undefined>;
  /** Pages of public issues whose machine-read text `q` finds, newest issue first. */
  search(query: EpaperSearchQuery): Promise<EpaperSearchHit[]>;
}
