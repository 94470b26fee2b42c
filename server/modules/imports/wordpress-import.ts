import { readFile, stat } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import type { EventDraft, Outbox } from '../../events/outbox';
import { articlePath, RESERVED_SLUGS as RESERVED, STATIC_PAGE_SLUGS } from '../../../common/paths';
import { TAGS_MAX, TagNameSchema } from '../../../common/schemas/articles';
import { slugify } from '../../../common/slug';
import { detectLanguage, stripHtml } from '../../../common/text';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import {
  freeArticleSlug,
  insertImportedArticle,
  legacyIdTaken,
  recordFormerPaths,
  sanitizeArticleHtml,
  tagImportedArticle,
} from '../articles/articles-transfer';
import { findOrCreateCategory } from '../categories/categories-transfer';
import { indexImportedArticles } from '../search/search-transfer';
import type { MediaService } from '../media/media-service';
import { MAX_UPLOAD_BYTES } from '../media/media-service';
import { keyOfMediaUrl } from '../media/media-urls';
import { upsertStaticPage } from '../pages/pages-transfer';
import { findOrCreateAuthor } from '../users/users-transfer';
import { ImageFetchError, imageFetcher } from './image-fetch';
import { findImported, recordImported, type RecordKind } from './imports-repository';
import {
  autop,
  formerPaths,
  imageSources,
  plainExcerpt,
  replaceShortcodes,
  rewriteUrls,
  wordpressDate,
  wordpressSlug,
  yoastTitle,
} from './wordpress-content';
import {
  parseWxrFile,
  type WxrAuthor,
  type WxrFile,
  type WxrItem,
  type WxrTerm,
} from './wxr-parse';

/** What happened to one thing of the export file. */
export interface ReportLine {
  kind: 'post' | 'page' | 'author' | 'category' | 'image' | 'other';
  /** Its id, login, slug or address in the export. */
  key: string;
  title: string;
  outcome: 'created' | 'unchanged' | 'reused' | 'skipped' | 'missing' | 'keywords';
  /** Why, or what to know (a status mapped, an image missing). */
  note?: string;
}

export interface ImportReport {
  file: string;
  version: string;
  site: string;
  lines: ReportLine[];
  /** Things created on this site (articles, pages, accounts, categories, images). */
  created: number;
  /** Things changed that existed before (a static page's text). */
  changed: number;
  /** Comments in the file; never imported. */
  commentsIgnored: number;
}

export interface WordPressImportOptions {
  /** A copy of wp-content/uploads: images are read from here instead of fetched. */
  mediaDir?: string | undefined;
  /** Fetches an image; tests serve them locally. Defaults to fetch with a 20-second limit. */
  fetchImage?: (url: string) => Promise<Buffer>;
  /** Fetch images from loopback, link-local and private addresses too (an intranet site). */
  allowPrivate?: boolean;
  onProgress?: (phase: 'reading' | 'importing', done: number, total: number) => void;
}

/** Thrown inside the transaction to say an image could not be had; the post goes on. */
class MissingImage extends Error {}

/** Static pages a WordPress page may fill, by its slug (WordPress's usual slugs included). */
const STATIC_PAGE_FOR: Record<string, string> = {
  ...Object.fromEntries(STATIC_PAGE_SLUGS.map((s) => [s, s])),
  about: 'about-us',
  contact: 'contact-us',
};

/** Where an image of the old site lives inside a copy of wp-content/uploads. */
function uploadsPathOf(url: URL): string | undefined {
  const path = decodeURIComponent(url.pathname);
  const inUploads = /\/wp-content\/uploads\/(.+)$/.exec(path)?.[1];
  if (inUploads) return inUploads;
  // WordPress.com and multisite addresses: /files/2013/01/x.jpg, or straight /2013/01/x.jpg.
  return /^(?:\/files)?\/(\d{4}\/\d{2}\/.+)$/.exec(path)?.[1];
}

const MAX = { metaTitle: 300, metaDescription: 1000, metaKeywords: 1000, name: 300 };
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trim() : text);

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

/** The file's items by WordPress type (post, page, attachment, …), in file order. */
function groupByType(items: WxrItem[]): Map<string, WxrItem[]> {
  const byType = new Map<string, WxrItem[]>();
  for (const item of items) {
    const type = item.postType || 'post';
    byType.set(type, [...(byType.get(type) ?? []), item]);
  }
  return byType;
}

/** Everything may show what came in (lists, menus, authors): every kept answer refreshes. */
const importedEvent = (source: string, created: number): EventDraft => ({
  type: 'site.imported',
  subject: { kind: 'import', id: source },
  data: { source, created },
  cache: { all: 'stale' },
});

async function importFile(
  { clock, media, outbox }: ImporterDeps,
  file: string,
  options: WordPressImportOptions,
): Promise<ImportReport> {
  const wxr = await parseWxrFile(file, (read, total) =>
    options.onProgress?.('reading', read, total),
  );
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
  const locate = imageLocator(wxr.siteUrl, mediaDir, fetchImage);
  const source = `wordpress:${wxr.siteUrl || basename(file)}`;
  const now = clock.now();
  const lines: ReportLine[] = [];
  const writtenKeys: string[] = [];

  const byType = groupByType(wxr.items);
  const attachments = new Map((byType.get('attachment') ?? []).map((a) => [a.postId, a] as const));
  const posts = byType.get('post') ?? [];
  const pages = byType.get('page') ?? [];
  const total = posts.length + pages.length;
  let done = 0;
  const step = () => options.onProgress?.('importing', ++done, total);

  try {
    await outbox.transaction(async (tx, events) => {
      const run: ImportRun = {
        tx,
        wxr,
        now,
        media,
        report: (line) => lines.push(line),
        isRecorded: (kind, key) => findImported(tx, source, kind, key),
        record: (kind, key, targetId) =>
          recordImported(tx, { source, kind, key, targetId, createdAt: now }),
      };
      const { categoryOf, categoryIds } = categoryImporter(run);
      const { imageOf, images } = imageImporter(run, locate, writtenKeys);
      const steps: PostSteps = {
        authorIds: await importAuthors(run, [...posts, ...pages]),
        categoryOf,
        imageOf,
        attachments,
        shownBefore: new Set<string>(),
      };
      for (const item of posts) {
        step();
        await importPost(run, steps, item);
      }
      for (const item of pages) {
        step();
        await importPage(run, imageOf, item);
      }
      await reportTheRest(run, { categoryIds, images, byType, ...steps });
      // What came in is found by search at once, in the same transaction.
      await indexImportedArticles(tx);
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
    commentsIgnored: wxr.items.reduce((n, i) => n + i.comments, 0),
  };
}

/** One import's transaction and what every step of it shares. */
interface ImportRun {
  tx: Db;
  wxr: WxrFile;
  now: Date;
  media: MediaService;
  report: (line: ReportLine) => void;
  /** What an earlier import made of this thing of the same file, if anything. */
  isRecorded: (kind: RecordKind, key: string) => ReturnType<typeof findImported>;
  record: (kind: RecordKind, key: string, targetId: string) => ReturnType<typeof recordImported>;
}

/** An image address of the file made ours (its address here), or undefined when missing. */
type ImageOf = (address: string, usedBy: string) => Promise<string | undefined>;

/** What importing a post needs of the steps before it, and what it leaves for the report. */
interface PostSteps {
  /** Our user id of each WordPress login. */
  authorIds: Map<string, string>;
  categoryOf: (nicename: string, name: string) => Promise<{ id: string; slug: string }>;
  imageOf: ImageOf;
  /** The file's attachments by post id. */
  attachments: Map<string, WxrItem>;
  /** Images of posts imported by an earlier run. */
  shownBefore: Set<string>;
}

/** Authors: everyone the file lists, and any post's creator it does not. Answers their ids. */
async function importAuthors(run: ImportRun, items: WxrItem[]): Promise<Map<string, string>> {
  const { wxr, report } = run;
  const authors = new Map<string, WxrAuthor>(wxr.authors.map((a) => [a.login, a]));
  for (const item of items)
    if (item.creator && !authors.has(item.creator))
      authors.set(item.creator, {
        id: '',
        login: item.creator,
        email: '',
        displayName: item.creator,
      });
  const authorIds = new Map<string, string>();
  for (const a of authors.values()) {
    const known = await run.isRecorded('author', a.login);
    if (known) {
      authorIds.set(a.login, known);
      report({ kind: 'author', key: a.login, title: a.displayName, outcome: 'unchanged' });
      continue;
    }
    const email = a.email || `${slugify(a.login) || 'author'}@imported.invalid`;
    const user = await findOrCreateAuthor(run.tx, { name: a.displayName || a.login, email });
    authorIds.set(a.login, user.id);
    await run.record('author', a.login, user.id);
    report({
      kind: 'author',
      key: a.login,
      title: a.displayName || a.login,
      outcome: user.created ? 'created' : 'reused',
      note: user.created
        ? `author account ${email}, no password: an administrator sets one`
        : `the existing account ${email}`,
    });
  }
  return authorIds;
}

/**
 * The WordPress category at the top of `nicename`'s tree, or undefined when it is at the top
 * itself. Sections go one level deep here (issue 26 item 6): a WordPress tree of any depth
 * comes in as its top categories with every other one directly inside its own top one.
 */
function topOf(wxr: WxrFile, nicename: string): WxrTerm | undefined {
  const byName = new Map(wxr.categories.map((c) => [c.nicename, c]));
  let top: WxrTerm | undefined;
  const seen = new Set([nicename]);
  for (let c = byName.get(nicename); c?.parent && !seen.has(c.parent);) {
    seen.add(c.parent);
    const parent = byName.get(c.parent);
    if (!parent) break;
    top = parent;
    c = parent;
  }
  return top;
}

/**
 * Categories: made when a post has them first (each once), inside the top category of their
 * WordPress tree (made first when needed); the rest become keywords.
 */
function categoryImporter(run: ImportRun) {
  const categoryIds = new Map<string, { id: string; slug: string }>();
  const categoryOf = async (
    nicename: string,
    name: string,
  ): Promise<{ id: string; slug: string }> => {
    const cached = categoryIds.get(nicename);
    if (cached) return cached;
    const term = run.wxr.categories.find((c) => c.nicename === nicename);
    const top = topOf(run.wxr, nicename);
    const parent = top ? await categoryOf(top.nicename, top.name || top.nicename) : undefined;
    const known = await run.isRecorded('category', nicename);
    const slug = categorySlugFor(nicename, name);
    const description = term?.description ?? '';
    const category = await findOrCreateCategory(run.tx, {
      slug,
      name,
      description,
      parentId: parent?.id ?? null,
    });
    if (!known) await run.record('category', nicename, category.id);
    categoryIds.set(nicename, { id: category.id, slug: category.slug });
    const notes = [
      ...(category.slug !== nicename ? [`slug ${category.slug}`] : []),
      ...(category.created && category.parentId && top
        ? [`inside ${top.name || top.nicename}`]
        : []),
    ];
    run.report({
      kind: 'category',
      key: nicename,
      title: name,
      outcome: known ? 'unchanged' : category.created ? 'created' : 'reused',
      ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    });
    return { id: category.id, slug: category.slug };
  };
  return { categoryOf, categoryIds };
}

/** Why an image could not be had, for the report. */
function whyMissing(error: unknown): string {
  return error instanceof MissingImage || error instanceof ImageFetchError
    ? error.message
    : (error as { statusCode?: number }).statusCode === 415
      ? 'not an image we accept (JPEG, PNG, WebP, AVIF, GIF)'
      : error instanceof Error && error.name === 'TimeoutError'
        ? 'no answer in 20 s'
        : `could not be fetched (${(error as Error).message})`;
}

/**
 * Images: each address (and each file behind addresses) stored once, the keys of the files
 * written kept in `writtenKeys`; the report says what became of each.
 */
function imageImporter(
  run: ImportRun,
  locate: ReturnType<typeof imageLocator>,
  writtenKeys: string[],
) {
  const { report } = run;
  const images = new Map<string, string | null>();
  const bySource = new Map<string, string>();
  const imageOf: ImageOf = async (address, usedBy) => {
    if (images.has(address)) return images.get(address) ?? undefined;
    const known = await run.isRecorded('image', address);
    if (known) {
      images.set(address, known);
      report({ kind: 'image', key: address, title: usedBy, outcome: 'unchanged' });
      return known;
    }
    try {
      const { source: from, load } = locate(address);
      let ours = bySource.get(from);
      if (!ours) {
        const stored = await run.media.storeImage(await load(), { tx: run.tx });
        const files = [...stored.variants, ...stored.avif, ...stored.crops].map((f) => f.url);
        for (const url of [stored.url, ...files]) {
          const key = keyOfMediaUrl(url);
          if (key) writtenKeys.push(key);
        }
        ours = stored.url;
        bySource.set(from, ours);
      }
      await run.record('image', address, ours);
      images.set(address, ours);
      report({ kind: 'image', key: address, title: usedBy, outcome: 'created' });
      return ours;
    } catch (error) {
      images.set(address, null);
      report({
        kind: 'image',
        key: address,
        title: usedBy,
        outcome: 'missing',
        note: whyMissing(error),
      });
      return undefined;
    }
  };
  return { imageOf, images };
}

/** Where an image's bytes come from (a file in --media-dir, or its address), and how. */
function imageLocator(
  siteUrl: string,
  mediaDir: string | undefined,
  fetchImage: (url: string) => Promise<Buffer>,
) {
  const siteHost = safeHost(siteUrl);
  return (address: string): { source: string; load: () => Promise<Buffer> } => {
    let url: URL;
    try {
      url = new URL(address, siteUrl || undefined);
    } catch {
      throw new MissingImage('not an address');
    }
    const inUploads = uploadsPathOf(url);
    const onOldSite = !siteHost || url.host === siteHost || inUploads !== undefined;
    if (mediaDir && onOldSite) {
      if (!inUploads) throw new MissingImage('not under wp-content/uploads');
      const path = resolve(mediaDir, inUploads);
      if (relative(mediaDir, path).startsWith('..') || !path.startsWith(mediaDir + sep))
        throw new MissingImage('outside the media folder');
      return {
        source: path,
        load: () =>
          readFile(path).catch(() => {
            throw new MissingImage(`not in the media folder (${inUploads})`);
          }),
      };
    }
    if (!/^https?:$/.test(url.protocol)) throw new MissingImage('not an http(s) address');
    return { source: url.toString(), load: () => fetchImage(url.toString()) };
  };
}

/** A body with its shortcodes, paragraphs and images made ours, sanitised. */
async function bodyOf(imageOf: ImageOf, item: WxrItem, usedBy: string) {
  const { html } = replaceShortcodes(item.content);
  const withParagraphs = autop(html);
  const map = new Map<string, string>();
  for (const src of imageSources(withParagraphs)) {
    const ours = await imageOf(src, usedBy);
    if (ours) map.set(src, ours);
  }
  return sanitizeArticleHtml(rewriteUrls(withParagraphs, map));
}

/**
 * One post: left alone when imported before (its images noted as shown), skipped when its
 * status is not imported, else made an article in the category it has first.
 */
async function importPost(run: ImportRun, steps: PostSteps, item: WxrItem) {
  const key = item.postId || item.guid;
  const title = item.title || '(no title)';
  const usedBy = `post ${key} "${title}"`;
  if (await run.isRecorded('post', key)) {
    run.report({ kind: 'post', key, title, outcome: 'unchanged', note: 'imported before' });
    const thumb = steps.attachments.get(item.meta._thumbnail_id ?? '');
    for (const address of [thumb?.attachmentUrl, ...imageSources(item.content)])
      if (address) steps.shownBefore.add(address);
    return;
  }
  const mapped = mapStatus(item, run.now);
  if ('skip' in mapped) {
    run.report({ kind: 'post', key, title, outcome: 'skipped', note: mapped.skip });
    return;
  }
  const terms = item.terms.filter((t) => t.domain === 'category');
  const first = terms[0] ?? { nicename: 'uncategorized', name: 'Uncategorized' };
  const category = await steps.categoryOf(first.nicename, first.name || first.nicename);
  // Its other categories stay keywords; its tags become tags here (issue 26 item 5).
  const keywords = [
    ...new Set(
      terms
        .slice(1)
        .map((t) => t.name)
        .filter(Boolean),
    ),
  ].join(', ');
  const tagNames = importedTags(item);
  const description = await bodyOf(steps.imageOf, item, usedBy);
  const thumbnail = steps.attachments.get(item.meta._thumbnail_id ?? '');
  const imageUrl = thumbnail?.attachmentUrl
    ? ((await steps.imageOf(thumbnail.attachmentUrl, usedBy)) ?? '')
    : '';
  const { id, slug } = await insertPost(run, item, {
    title,
    authorId: steps.authorIds.get(item.creator) ?? null,
    categoryId: category.id,
    status: mapped.status,
    keywords,
    description,
    imageUrl,
  });
  await tagImportedArticle(run.tx, id, tagNames);
  const { refused } = await recordFormerPaths(run.tx, id, formerPaths(run.wxr.siteUrl, item));
  await run.record('post', key, id);
  const notes = [
    mapped.note,
    thumbnail === undefined && item.meta._thumbnail_id
      ? `featured image ${item.meta._thumbnail_id} is not in the file`
      : undefined,
    refused.length ? `old addresses held by another article: ${refused.join(' ')}` : undefined,
  ].filter(Boolean);
  run.report({
    kind: 'post',
    key,
    title,
    outcome: 'created',
    note: [articlePath({ slug, categorySlug: category.slug }), ...notes].join('; '),
  });
}

/**
 * A post's tags as ours: names as a save takes them (TagNameSchema), those with no letter an
 * address can be made of left out, at most TAGS_MAX.
 */
function importedTags(item: WxrItem): string[] {
  const names = item.terms
    .filter((t) => t.domain === 'post_tag')
    .flatMap((t) => {
      const parsed = TagNameSchema.safeParse(t.name || t.nicename);
      return parsed.success ? [parsed.data] : [];
    });
  return names.slice(0, TAGS_MAX);
}

/** Inserts a post as an article: a free slug, its dates, its legacy id if free, its SEO fields. */
async function insertPost(
  { tx, now, media }: ImportRun,
  item: WxrItem,
  post: {
    title: string;
    authorId: string | null;
    categoryId: string;
    status: 'draft' | 'published';
    keywords: string;
    description: string;
    imageUrl: string;
  },
): Promise<{ id: string; slug: string }> {
  const { title, description, imageUrl } = post;
  const name = cut(title, MAX.name);
  const slug = await freeArticleSlug(tx, wordpressSlug(item.postName, title) || 'article');
  const date = wordpressDate(item.postDateGmt, item.postDate) ?? now;
  const modified = wordpressDate(item.postModifiedGmt, '') ?? date;
  const legacy = /^\d+$/.test(item.postId) ? Number(item.postId) : undefined;
  const legacyId =
    legacy && legacy <= 2_147_483_647 && !(await legacyIdTaken(tx, legacy)) ? legacy : null;
  const yoast = item.meta._yoast_wpseo_title;
  const id = await insertImportedArticle(tx, {
    name,
    slug,
    authorId: post.authorId,
    categoryId: post.categoryId,
    imageUrl,
    imageMediaId: imageUrl ? await media.idForUrl(imageUrl, tx) : null,
    description,
    metaTitle: cut(yoast ? yoastTitle(yoast, title) : '', MAX.metaTitle),
    metaDescription: cut(
      item.meta._yoast_wpseo_metadesc?.trim() || plainExcerpt(item.excerpt),
      MAX.metaDescription,
    ),
    metaKeywords: cut(post.keywords, MAX.metaKeywords),
    status: post.status,
    publishedAt: date,
    language: detectLanguage(`${name} ${stripHtml(description)}`),
    legacyId,
    createdAt: date,
    updatedAt: modified < date ? date : modified,
  });
  return { id, slug };
}

/** One page: it fills the static page of its slug when published, else is skipped. */
async function importPage(run: ImportRun, imageOf: ImageOf, item: WxrItem) {
  const key = item.postId || item.guid;
  const title = item.title || '(no title)';
  const target = STATIC_PAGE_FOR[wordpressSlug(item.postName, title)];
  if (!target) {
    run.report({
      kind: 'page',
      key,
      title,
      outcome: 'skipped',
      note: `no static page "${item.postName}" here (ours: ${STATIC_PAGE_SLUGS.join(', ')})`,
    });
    return;
  }
  if (await run.isRecorded('page', key)) {
    run.report({ kind: 'page', key, title, outcome: 'unchanged', note: `/${target}` });
    return;
  }
  if (item.status !== 'publish') {
    run.report({
      kind: 'page',
      key,
      title,
      outcome: 'skipped',
      note: `status ${item.status || 'none'}: only published pages fill /${target}`,
    });
    return;
  }
  const body = await bodyOf(imageOf, item, `page ${key} "${title}"`);
  await upsertStaticPage(run.tx, { slug: target, title: cut(title, MAX.name), body }, run.now);
  await run.record('page', key, target);
  run.report({ kind: 'page', key, title, outcome: 'created', note: `fills /${target}` });
}

/** The rest of the file, accounted for: categories no post had first, attachments, other types. */
async function reportTheRest(
  { wxr, report, isRecorded }: ImportRun,
  seen: {
    categoryIds: Map<string, unknown>;
    images: Map<string, unknown>;
    attachments: Map<string, WxrItem>;
    shownBefore: Set<string>;
    byType: Map<string, WxrItem[]>;
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
  for (const [type, items] of seen.byType) {
    if (['post', 'page', 'attachment'].includes(type)) continue;
    report({
      kind: 'other',
      key: type,
      title: `${items.length} item${items.length === 1 ? '' : 's'}`,
      outcome: 'skipped',
      note: `WordPress type "${type}" has no counterpart here`,
    });
  }
}

function safeHost(address: string): string | undefined {
  try {
    return new URL(address).host;
  } catch {
    return undefined;
  }
}

/** Our category slug for a WordPress one (percent-encoded Hindi ones transliterated). */
function categorySlugFor(nicename: string, name: string): string {
  const slug = wordpressSlug(nicename, name) || 'uncategorized';
  // A slug the site itself uses (DECISIONS.md §5) gets a suffix rather than a refusal.
  return RESERVED.has(slug) ? `${slug}-category` : slug;
}

/** How a WordPress status arrives (DECISIONS.md §5, §11). */
function mapStatus(
  item: WxrItem,
  now: Date,
): { status: 'draft' | 'published'; note?: string } | { skip: string } {
  switch (item.status) {
    case 'publish':
      return { status: 'published' };
    case 'future': {
      const date = wordpressDate(item.postDateGmt, item.postDate);
      return {
        status: 'published',
        note:
          date && date > now
            ? `scheduled for ${date.toISOString()}`
            : 'was scheduled; its time has passed, so it is published',
      };
    }
    case 'draft':
      return { status: 'draft' };
    case 'pending':
      return {
        status: 'draft',
        note: 'pending review in WordPress: imported as a draft (no review status here yet)',
      };
    case 'private':
      return { status: 'draft', note: 'private in WordPress: imported as a draft' };
    case 'trash':
      return { skip: 'in the trash' };
    case 'auto-draft':
      return { skip: 'an unsaved auto-draft' };
    default:
      return { skip: `status "${item.status}" is not imported` };
  }
}
export type { WxrFile };
