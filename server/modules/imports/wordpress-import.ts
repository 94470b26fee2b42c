import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { EventDraft, Outbox } from '../../events/outbox';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import { indexImportedArticles } from '../search/search-transfer';
import type { MediaService } from '../media/media-service';
import { MAX_UPLOAD_BYTES } from '../media/media-service';
import { imageFetcher } from './image-fetch';
import {
  findImported,
  findImportedMany,
  recordImported,
  recordImportedMany,
} from './imports-repository';
import { scanWxrFile, wxrItems } from './wxr-read';
import type { WxrItem, WxrOutline } from './wxr-types';
import type {
  ImageOf,
  ImportReport,
  ImportRun,
  ImportTimings,
  PostSteps,
  ReportLine,
} from './wordpress-run';
import { categoryImporter, importAuthors } from './wordpress-terms';
import { imageImporter, imageLocator } from './wordpress-images';
import { importPosts } from './wordpress-post-batch';
import { importPage } from './wordpress-posts';

export interface WordPressImportOptions {
  /** A copy of wp-content/uploads: images are read from here instead of fetched. */
  mediaDir?: string | undefined;
  /** Fetches an image; tests serve them locally. Defaults to fetch with a 20-second limit. */
  fetchImage?: (url: string) => Promise<Buffer>;
  /** Fetch images from loopback, link-local and private addresses too (an intranet site). */
  allowPrivate?: boolean;
  onProgress?: (phase: 'reading' | 'importing', done: number, total: number) => void;
}

/** What the importer needs; the composition root passes it. */
interface ImporterDeps {
  db: Db;
  clock: Clock;
  media: MediaService;
  /** The import runs through it, with the event that says content came in (server/events). */
  outbox: Outbox;
}

/**
 * Imports a WordPress export (DECISIONS.md §15) in one transaction: authors, the categories
 * posts use first, posts with their images and old addresses, and static pages. A thing
 * imported before (import_records) is left alone, so a second run changes nothing. A
 * malformed file stops before anything is written; any failure later rolls the whole import
 * back and removes the image files it wrote.
 */
export function createWordPressImporter(deps: ImporterDeps) {
  return function importWordPress(
    file: string,
    options: WordPressImportOptions = {},
  ): Promise<ImportReport> {
    return importFile(deps, file, options);
  };
}
export type WordPressImporter = ReturnType<typeof createWordPressImporter>;

/**
 * The file's posts, in file order, read as they are asked for; its pages are kept in `pages`
 * as they pass (a site has a few dozen), to be imported after the posts as before.
 */
async function* postsKeepingPages(items: AsyncIterable<WxrItem>, pages: WxrItem[]) {
  for await (const item of items)
    if ((item.postType || 'post') === 'page') pages.push(item);
    else yield item;
}

/** Everything may show what came in (lists, menus, authors): every kept answer refreshes. */
const importedEvent = (source: string, created: number): EventDraft => ({
  type: 'site.imported',
  subject: { kind: 'import', id: source },
  data: { source, created },
  cache: { all: 'stale' },
});

/** Where the file's images are had: the media folder if given (a folder), else fetched. */
async function locator(siteUrl: string, options: WordPressImportOptions) {
  const mediaDir = options.mediaDir ? resolve(options.mediaDir) : undefined;
  if (mediaDir && !(await stat(mediaDir).catch(() => undefined))?.isDirectory())
    throw new Error(`--media-dir ${options.mediaDir} is not a folder.`);
  const fetchImage =
    options.fetchImage ??
    imageFetcher({
      allowPrivate: options.allowPrivate === true,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLarge: `larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
    });
  return imageLocator(siteUrl, mediaDir, fetchImage);
}

/** One run's transaction and lookups; what it reports goes to `lines` unless collected. */
function importRun(
  base: Pick<ImportRun, 'tx' | 'wxr' | 'now' | 'media'>,
  source: string,
  lines: ReportLine[],
): ImportRun {
  const { tx, now } = base;
  let sink = lines;
  return {
    ...base,
    report: (line) => sink.push(line),
    isRecorded: (kind, key) => findImported(tx, source, kind, key),
    record: (kind, key, targetId) =>
      recordImported(tx, { source, kind, key, targetId, createdAt: now }),
    recordedAmong: (kind, keys) => findImportedMany(tx, source, kind, keys),
    recordAll: (kind, rows) =>
      recordImportedMany(
        tx,
        rows.map((r) => ({ source, kind, ...r, createdAt: now })),
      ),
    collect: async (work) => {
      const kept: ReportLine[] = [];
      sink = kept;
      try {
        return [await work(), kept];
      } finally {
        sink = lines;
      }
    },
  };
}

async function importFile(
  { clock, media, outbox }: ImporterDeps,
  file: string,
  options: WordPressImportOptions,
): Promise<ImportReport> {
  const started = performance.now();
  // The first pass: the whole file checked, its channel and an outline of its items kept.
  const { wxr, outline, stamp } = await scanWxrFile(file, (read, total) =>
    options.onProgress?.('reading', read, total),
  );
  const timings: ImportTimings = {
    reading: performance.now() - started,
    writing: 0,
    media: 0,
    indexing: 0,
  };
  const locate = await locator(wxr.siteUrl, options);
  const source = `wordpress:${wxr.siteUrl || basename(file)}`;
  const now = clock.now();
  const lines: ReportLine[] = [];
  const writtenKeys: string[] = [];

  const total = (outline.types.get('post') ?? 0) + (outline.types.get('page') ?? 0);
  let done = 0;
  const step = () => options.onProgress?.('importing', ++done, total);

  try {
    await outbox.transaction(async (tx, events) => {
      const run = importRun({ tx, wxr, now, media }, source, lines);
      const { categoryOf, categoryIds } = categoryImporter(run);
      const writing = performance.now();
      const images = imageImporter(run, locate, writtenKeys);
      const imageOf: ImageOf = async (address, usedBy) => {
        const at = performance.now();
        try {
          return await images.imageOf(address, usedBy);
        } finally {
          timings.media += performance.now() - at;
        }
      };
      const steps: PostSteps = {
        authorIds: await importAuthors(run, outline.creators),
        categoryOf,
        imageOf,
        attachments: outline.attachments,
        shownBefore: new Set<string>(),
      };
      // The second pass: posts a batch at a time, each batch indexed for search as written.
      const pages: WxrItem[] = [];
      const items = wxrItems(file, stamp, new Set(['post', 'page']));
      await importPosts(run, steps, postsKeepingPages(items, pages), step, (ms) => {
        timings.indexing += ms;
      });
      for (const item of pages) {
        step();
        await importPage(run, imageOf, item);
      }
      await reportTheRest(run, { categoryIds, images: images.images, outline, ...steps });
      // Any article still without a current search row (none of this import's) is indexed.
      const indexing = performance.now();
      await indexImportedArticles(tx);
      timings.indexing += performance.now() - indexing;
      timings.writing = performance.now() - writing - timings.media - timings.indexing;
      const created = lines.filter((l) => l.outcome === 'created').length;
      if (created > 0) events(importedEvent(source, created));
    });
  } catch (error) {
    // The transaction is rolled back; the files it wrote go too (MEDIA_STORAGE=fs).
    await Promise.allSettled(writtenKeys.map((key) => media.storage.remove(key)));
    throw error;
  }

  const created = lines.filter((l) => l.outcome === 'created').length;
  return {
    file: basename(file),
    version: wxr.version,
    site: wxr.siteUrl,
    lines,
    created,
    changed: 0,
    commentsIgnored: outline.comments,
    timings,
  };
}

/** The rest of the file, accounted for: categories no post had first, attachments, other types. */
async function reportTheRest(
  { wxr, report, isRecorded }: ImportRun,
  seen: {
    categoryIds: Map<string, unknown>;
    images: Map<string, unknown>;
    attachments: Map<string, WxrItem>;
    shownBefore: Set<string>;
    outline: WxrOutline;
  },
) {
  for (const c of wxr.categories) {
    if (seen.categoryIds.has(c.nicename)) continue;
    const before = await isRecorded('category', c.nicename);
    report({
      kind: 'category',
      key: c.nicename,
      title: c.name,
      ...(before
        ? { outcome: 'unchanged' as const }
        : {
            outcome: 'keywords' as const,
            note: 'no imported post has it first: kept as a keyword of its posts',
          }),
    });
  }
  for (const [id, a] of seen.attachments) {
    if (seen.images.has(a.attachmentUrl)) continue;
    const line = { kind: 'image' as const, key: a.attachmentUrl || id, title: `attachment ${id}` };
    if (await isRecorded('image', a.attachmentUrl)) report({ ...line, outcome: 'unchanged' });
    else if (seen.shownBefore.has(a.attachmentUrl))
      report({
        ...line,
        outcome: 'missing',
        note: 'it was missing when its post was imported; not tried again',
      });
    else report({ ...line, outcome: 'skipped', note: 'no imported post or page shows it' });
  }
  for (const [type, count] of seen.outline.types) {
    if (['post', 'page', 'attachment'].includes(type)) continue;
    report({
      kind: 'other',
      key: type,
      title: `${count} item${count === 1 ? '' : 's'}`,
      outcome: 'skipped',
      note: `WordPress type "${type}" has no counterpart here`,
    });
  }
}
