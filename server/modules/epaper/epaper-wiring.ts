/*
 * The e-paper's parts wired together (issue 67): the service, its jobs (a page's views and
 * OCR, an issue's publishing, a file's removal) and the processing pools, with the programs it
 * runs, with its settings: this machine's data folder, its OCR runs, the paid edition's limits.
 * The composition root (server/services.ts) calls this once; the app calls `start` once it
 * serves (leftover run folders of killed processes removed) and `close` as it closes.
 */
import { join } from 'node:path';
import type { EpaperReach } from '../../../common/epaper-access';
import type { Config } from '../../env';
import type { Actor } from '../../lib/actor';
import { EPAPER_FORGET_JOB, EPAPER_PUBLISH_JOB, type EpaperDeps } from './epaper-deps';
import type { EventBus } from '../../events/event-bus';
import { epaperForget } from './epaper-forget';
import { keptPrintedStories } from './epaper-printed';
import { createProcessing, removeDeadRunFolders } from './epaper-processing';
import { resumeEpaper } from './epaper-resume';
import { createEpaperService } from './epaper-service';
import { pdfLibStamper } from './epaper-stamp';
import { createToolRunner } from './epaper-tools';

/** Where the e-paper's work folders live under DATA_DIR (this machine's own). */
export const epaperWorkDir = (dataDir: string) => join(dataDir, 'epaper-work');

export function createEpaper(
  config: Pick<Config, 'dataDir' | 'epaperOcrWorkers' | 'epaperPaid'>,
  deps: Omit<EpaperDeps, 'tools' | 'workDir' | 'ocrWorkers' | 'paid' | 'site'> & {
    events: Pick<EventBus, 'everyProcess'>;
    settings: { get(): Promise<{ siteName: string; uiLanguage: string }> };
  },
) {
  const { events, settings, ...rest } = deps;
  const full: EpaperDeps = {
    // Downloads' copies stamped by pdf-lib unless the caller brings its own stamper.
    stamper: pdfLibStamper,
    ...rest,
    ocrWorkers: config.epaperOcrWorkers,
    paid: config.epaperPaid,
    // A clip's footer names the site (issue 68 item 2).
    site: () => settings.get().then((s) => ({ name: s.siteName, language: s.uiLanguage })),
    tools: createToolRunner(),
    workDir: epaperWorkDir(config.dataDir),
  };
  const service = createEpaperService(full);
  const processing = createProcessing(full);
  processing.registerJobs();
  const forget = epaperForget(full);
  full.jobs.handle(EPAPER_FORGET_JOB, async (job) => {
    if (job.subjectId) await forget(job.subjectId);
  });
  full.jobs.handle(EPAPER_PUBLISH_JOB, async (job) => {
    if (job.subjectId) await service.publishDue(job.subjectId);
  });
  const printed = keptPrintedStories(full.db, events);
  return {
    ...service,
    /** Where a story was printed; none without a query for a story no box links. */
    inPrint: async (storyId: string) =>
      (await printed.linked(storyId)) ? service.inPrint(storyId) : [],
    processing,
    /** This machine's folder for uploads being checked (the routes write received files there). */
    workDir: full.workDir,
    async start() {
      await resumeEpaper(full);
      const removed = await removeDeadRunFolders(full.workDir);
      if (removed > 0)
        deps.log?.info({ folders: removed }, 'removed e-paper work left by killed processes');
    },
    close: () => processing.close(),
    /**
     * What a reader's plan opens of the e-paper (issue 68 item 3), from the payments module,
     * made after this one: until then, every reader is walled.
     */
    readersFrom(memberships: { epaperReachOf(actor: Actor | null): Promise<EpaperReach> }) {
      full.readers = { reachOf: (actor) => memberships.epaperReachOf(actor) };
    },
  };
}
export type Epaper = ReturnType<typeof createEpaper>;
