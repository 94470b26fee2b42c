/*
 * The e-paper's service (issue 67, DECISIONS.md §31): the desk's issues (epaper-issues.ts), its
 * pages (epaper-uploads.ts) and what readers read (epaper-reads.ts), over the processing that
 * turns each page into views, tiles and text (epaper-processing.ts). Composed here;
 * epaper-wiring.ts builds it.
 */
import type { EpaperDeps } from './epaper-deps';
import { epaperArchive } from './epaper-archive';
import { epaperAccess } from './epaper-access';
import { epaperDownloads } from './epaper-downloads';
import { epaperClips } from './epaper-clips';
import { removeDemoIssues, seedDemoIssue } from './epaper-demo';
import { epaperDesk } from './epaper-desk';
import { epaperIssues } from './epaper-issues';
import { epaperStatus } from './epaper-status';
import { epaperPageOrder } from './epaper-page-order';
import { epaperReads } from './epaper-reads';
import { epaperSearch } from './epaper-search';
import { epaperUploads } from './epaper-uploads';
import { epaperZoneReads, epaperZones } from './epaper-zones';
import { epaperZoneSuggestions } from './epaper-zone-suggest';

export function createEpaperService(deps: EpaperDeps) {
  const desk = epaperDesk(deps);
  const uploads = epaperUploads(deps, desk);
  const access = epaperAccess(deps);
  return {
    /** The issue a desk's write names, or its refusal (401, 403, 404): asked before a body is read. */
    deskIssue: desk.deskIssue,
    ...epaperIssues(deps, desk),
    ...epaperStatus(deps, desk),
    ...uploads,
    ...epaperPageOrder(deps, desk),
    ...epaperReads(deps),
    ...epaperArchive(deps),
    ...epaperSearch(deps, desk),
    ...epaperZones(deps, desk),
    ...epaperZoneSuggestions(deps, desk),
    ...epaperZoneReads(deps),
    ...epaperClips(deps),
    // The paid edition and its traced downloads (issue 68 items 3 and 4).
    ...access,
    ...epaperDownloads(deps, access),
    /** The demo's issue of Jaipur (epaper-demo.ts), for the demo seed. */
    seedDemo: () => seedDemoIssue(deps, uploads),
    removeDemo: () => removeDemoIssues(deps),
  };
}
export type EpaperService = ReturnType<typeof createEpaperService>;
