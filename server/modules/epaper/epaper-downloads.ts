/*
 * Downloads that trace leaks (issue 68 item 4, docs/decisions/074): a signed-in reader entitled
 * to an issue's walled pages takes its PDF, the pages joined by Poppler's `pdfunite`; each copy
 * is stamped (a visible line on every page, and in its metadata a trace: an HMAC of the reader
 * and the copy under a secret kept in the database, never their e-mail) and recorded, at most
 * EPAPER_DOWNLOADS_PER_DAY in 24 hours a reader. Administrators find the reader behind a
 * leaked copy's trace (audited: server/modules/audit/audit-hooks.ts).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { epaperKeys } from '../../../common/epaper';
import { EPAPER_DOWNLOADS_PER_DAY_DEFAULT } from '../../../common/epaper-access';
import type { EpaperTrace } from '../../../common/schemas/epaper';
import { requireRole, type Actor } from '../../lib/actor';
import { forbidden, notFound, serviceUnavailable, tooManyRequests } from '../../lib/errors';
import {
  deleteDownload,
  downloadsSince,
  findTrace,
  insertDownload,
  lockUser,
} from './epaper-access-repository';
import { keptKey, type EpaperAccessService } from './epaper-access';
import { copyFooterWords, footerImage } from './epaper-footer';
import type { EpaperDeps, PdfStamper } from './epaper-deps';
import { pagesOf } from './epaper-repository';

const DAY_MS = 86_400_000;
/** The copy's line is set at 36 px and drawn 9 points high: sharp still when a reader zooms. */
const LINE_PIXELS = 36;
const MB = 1024 * 1024;
/** pdfunite's bounds: it copies pages, it does not render them. */
const JOIN = { cpuSeconds: 60, timeoutMs: 600_000, memoryBytes: 1024 * MB, maxOutputBytes: MB };

/** An issue's stored page PDFs joined in order, in this process's own folder (removed after). */
async function joinPages(deps: EpaperDeps, hashes: string[]): Promise<Buffer> {
  const dir = join(deps.workDir, `${process.pid}-download-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    const files = await Promise.all(
      hashes.map(async (hash, i) => {
        const stored = await deps.storage.get(epaperKeys(hash).pdf);
        if (!stored) throw notFound('epaper.page_not_found');
        const path = join(dir, `page-${i + 1}.pdf`);
        await writeFile(path, stored.data);
        return path;
      }),
    );
    if (files.length === 1) return await readFile(files[0]!);
    await deps.tools.ok('pdfunite', [...files, join(dir, 'issue.pdf')], JOIN);
    return await readFile(join(dir, 'issue.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function epaperDownloads(deps: EpaperDeps, access: EpaperAccessService) {
  const { db, clock } = deps;
  const key = keptKey(db, 'epaper-download-traces');
  const perDay = () => deps.paid?.downloadsPerDay ?? EPAPER_DOWNLOADS_PER_DAY_DEFAULT;
  const used = (userId: string) =>
    downloadsSince(db, userId, new Date(clock.now().getTime() - DAY_MS));

  /** Records the copy (the day's count checked again with the reader's row locked). */
  const record = async (me: Actor, issueId: string) => {
    // Read before the transaction: the key's first reading writes it, outside any transaction
    // (on the embedded engine's one connection a read of `db` inside would wait for ever).
    const secret = await key();
    return db.transaction(async (tx) => {
      await lockUser(tx, me.id);
      if ((await downloadsSince(tx, me.id, new Date(clock.now().getTime() - DAY_MS))) >= perDay())
        throw tooManyRequests('epaper.download_limit', { maximum: perDay() });
      const id = randomUUID();
      const trace = createHmac('sha256', secret)
        .update(`${me.id}:${id}`)
        .digest('hex')
        .slice(0, 32);
      await insertDownload(tx, { id, userId: me.id, issueId, trace, createdAt: clock.now() });
      return { id, trace };
    });
  };

  const stamped = async (stamper: PdfStamper, me: Actor, issueId: string, pdf: Buffer) => {
    const { issue } = await access.wallFor(me, issueId);
    const site = (await deps.site?.()) ?? { name: 'Patrika', language: 'en' };
    const { id, trace } = await record(me, issueId);
    const title = `${site.name} · ${issue.editionNames.en} · ${issue.date}`;
    const footer = `${title} · personal copy ${trace} · not for forwarding`;
    try {
      // The visible line in the paper's own language, set as an image (epaper-stamp.ts says why).
      const words = copyFooterWords(
        site,
        { names: issue.editionNames, date: issue.date, language: issue.language },
        trace,
      );
      const line = await footerImage(words, {
        sizePx: LINE_PIXELS,
        workDir: deps.workDir,
        white: true,
      });
      return { pdf: await stamper(pdf, { footer, trace, title, line }), trace };
    } catch (error) {
      // A copy that could not be made is not counted.
      await deleteDownload(db, id);
      throw error;
    }
  };

  return {
    /**
     * `POST /api/epaper/issues/{id}/download`: the issue's PDF for a signed-in reader entitled
     * to its walled pages (403 `epaper.download_walled`), within the day's downloads (429
     * `epaper.download_limit`); 503 `epaper.download_unavailable` where copies cannot be stamped.
     */
    async download(actor: Actor | null, issueId: string) {
      const me = requireRole(actor, 'reader');
      const { issue, wall } = await access.wallFor(me, issueId);
      if (wall) throw forbidden('epaper.download_walled');
      if ((await used(me.id)) >= perDay())
        throw tooManyRequests('epaper.download_limit', { maximum: perDay() });
      const stamper = deps.stamper;
      if (!stamper) throw serviceUnavailable('epaper.download_unavailable');
      const pages = await pagesOf(db, [issue.id]);
      const joined = await joinPages(
        deps,
        pages.map((p) => p.hash),
      );
      const copy = await stamped(stamper, me, issue.id, joined);
      return { ...copy, filename: `${issue.editionSlug}-${issue.date}.pdf` };
    },

    /** The reader behind a copy's trace (administrators; the call is audited). */
    async trace(actor: Actor | null, trace: string): Promise<EpaperTrace> {
      requireRole(actor, 'administrator');
      const row = await findTrace(db, trace);
      if (!row) throw notFound('epaper.trace_not_found');
      return traceAnswer(trace, row);
    },
  };
}

/** A found trace as `GET /api/epaper/traces/{trace}` answers it (its issue gone: null). */
function traceAnswer(
  trace: string,
  row: NonNullable<Awaited<ReturnType<typeof findTrace>>>,
): EpaperTrace {
  return {
    trace,
    reader: { _id: row.userId, name: row.name, email: row.email },
    issue: row.issueId
      ? {
          _id: row.issueId,
          edition: row.editionSlug ?? '',
          editionNames: row.editionNames ?? { hi: '', en: '' },
          date: row.date ?? '',
        }
      : null,
    downloadedAt: row.at.toISOString(),
  };
}
