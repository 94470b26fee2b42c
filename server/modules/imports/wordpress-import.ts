import { readFile, stat } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import type { CacheChange } from '../../../common/cache-tags';
import { articlePath, RESERVED_SLUGS as RESERVED, STATIC_PAGE_SLUGS } from '../../../common/paths';
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
} from '../articles/articles-transfer';
import { findOrCreateCategory } from '../categories/categories-transfer';
import { indexImportedArticles } from '../search/search-transfer';
import type { MediaService } from '../media/media-service';
import { MAX_UPLOAD_BYTES } from '../media/media-service';
import { keyOfMediaUrl } from '../media/media-urls';
import { upsertStaticPage } from '../pages/pages-transfer';
import { findOrCreateAuthor } from '../users/users-transfer';
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
import { parseWxrFile, type WxrAuthor, type WxrFile, type WxrItem } from './wxr-parse';

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

async function defaultFetch(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000), redirect: 'follow' });
  if (!res.ok) throw new MissingImage(`HTTP ${res.status} from ${url}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_UPLOAD_BYTES) throw new MissingImage('larger than 10 MB');
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > MAX_UPLOAD_BYTES) throw new MissingImage('larger than 10 MB');
  return data;
}

const MAX = { metaTitle: 300, metaDescription: 1000, metaKeywords: 1000, name: 300 };
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trim() : text);

/**
 * Imports a WordPress export (DECISIONS.md §15) in one transaction: authors, the categories
 * posts use first, posts with their images and old addresses, and static pages. A thing
 * imported before (import_records) is left alone, so a second run changes nothing. A
 * malformed file stops before anything is written; any failure later rolls the whole import
 * back and removes the image files it wrote.
 */
export function createWordPressImporter(deps: {
  db: Db;
  clock: Clock;
  media: MediaService;
  contentChanged?: (change?: CacheChange) => Promise<void>;
}) {
  const { db, clock, media } = deps;

  return async function importWordPress(
    file: string,
    options: WordPressImportOptions = {},
  ): Promise<ImportReport> {
    const wxr = await parseWxrFile(file, (read, total) =>
      options.onProgress?.('reading', read, total),
    );
    const mediaDir = options.mediaDir ? resolve(options.mediaDir) : undefined;
    if (mediaDir && !(await stat(mediaDir).catch(() => undefined))?.isDirectory())
      throw new Error(`--media-dir ${options.mediaDir} is not a folder.`);
    const fetchImage = options.fetchImage ?? defaultFetch;
    const source = `wordpress:${wxr.siteUrl || basename(file)}`;
    const siteHost = safeHost(wxr.siteUrl);
    const now = clock.now();
    const lines: ReportLine[] = [];
    const report = (line: ReportLine) => lines.push(line);
    const writtenKeys: string[] = [];

    const byType = new Map<string, WxrItem[]>();
    for (const item of wxr.items) {
      const type = item.postType || 'post';
      byType.set(type, [...(byType.get(type) ?? []), item]);
    }
    const attachments = new Map(
      (byType.get('attachment') ?? []).map((a) => [a.postId, a] as const),
    );
    const posts = byType.get('post') ?? [];
    const pages = byType.get('page') ?? [];
    const total = posts.length + pages.length;
    let done = 0;
    const step = () => options.onProgress?.('importing', ++done, total);

    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const isRecorded = (kind: RecordKind, key: string) => findImported(tx, source, kind, key);
        const record = (kind: RecordKind, key: string, targetId: string) =>
          recordImported(tx, { source, kind, key, targetId, createdAt: now });

        // Authors: everyone the file lists, and any post's creator it does not.
        const authors = new Map<string, WxrAuthor>(wxr.authors.map((a) => [a.login, a]));
        for (const item of [...posts, ...pages])
          if (item.creator && !authors.has(item.creator))
            authors.set(item.creator, {
              id: '',
              login: item.creator,
              email: '',
              displayName: item.creator,
            });
        const authorIds = new Map<string, string>();
        for (const a of authors.values()) {
          const known = await isRecorded('author', a.login);
          if (known) {
            authorIds.set(a.login, known);
            report({ kind: 'author', key: a.login, title: a.displayName, outcome: 'unchanged' });
            continue;
          }
          const email = a.email || `${slugify(a.login) || 'author'}@imported.invalid`;
          const user = await findOrCreateAuthor(tx, { name: a.displayName || a.login, email });
          authorIds.set(a.login, user.id);
          await record('author', a.login, user.id);
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

        // Categories: made when a post has them first; the rest become keywords.
        const firstCategories = new Set<string>();
        const categoryIds = new Map<string, { id: string; slug: string }>();
        const categoryOf = async (nicename: string, name: string) => {
          const cached = categoryIds.get(nicename);
          if (cached) return cached;
          const known = await isRecorded('category', nicename);
          const slug = categorySlugFor(nicename, name);
          const description =
            wxr.categories.find((c) => c.nicename === nicename)?.description ?? '';
          const category = await findOrCreateCategory(tx, { slug, name, description });
          if (!known) await record('category', nicename, category.id);
          categoryIds.set(nicename, { id: category.id, slug: category.slug });
          report({
            kind: 'category',
            key: nicename,
            title: name,
            outcome: known ? 'unchanged' : category.created ? 'created' : 'reused',
            ...(category.slug !== nicename ? { note: `slug ${category.slug}` } : {}),
          });
          return { id: category.id, slug: category.slug };
        };

        // Images: each address (and each file behind addresses) stored once; the report says
        // what became of each.
        const images = new Map<string, string | null>();
        const bySource = new Map<string, string>();
        const imageOf = async (address: string, usedBy: string): Promise<string | undefined> => {
          if (images.has(address)) return images.get(address) ?? undefined;
          const known = await isRecorded('image', address);
          if (known) {
            images.set(address, known);
            report({ kind: 'image', key: address, title: usedBy, outcome: 'unchanged' });
            return known;
          }
          try {
            const { source: from, load } = locateImage(address);
            let ours = bySource.get(from);
            if (!ours) {
              const stored = await media.storeImage(await load(), { tx });
              const files = [...stored.variants, ...stored.avif, ...stored.crops].map((f) => f.url);
              for (const url of [stored.url, ...files]) {
                const key = keyOfMediaUrl(url);
                if (key) writtenKeys.push(key);
              }
              ours = stored.url;
              bySource.set(from, ours);
            }
            await record('image', address, ours);
            images.set(address, ours);
            report({ kind: 'image', key: address, title: usedBy, outcome: 'created' });
            return ours;
          } catch (error) {
            const why =
              error instanceof MissingImage
                ? error.message
                : (error as { statusCode?: number }).statusCode === 415
                  ? 'not an image we accept (JPEG, PNG, WebP, AVIF, GIF)'
                  : error instanceof Error && error.name === 'TimeoutError'
                    ? 'no answer in 20 s'
                    : `could not be fetched (${(error as Error).message})`;
            images.set(address, null);
            report({ kind: 'image', key: address, title: usedBy, outcome: 'missing', note: why });
            return undefined;
          }
        };
        /** Where an image's bytes come from (a file in --media-dir, or its address), and how. */
        const locateImage = (address: string): { source: string; load: () => Promise<Buffer> } => {
          let url: URL;
          try {
            url = new URL(address, wxr.siteUrl || undefined);
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

        /** A body with its shortcodes, paragraphs and images made ours, sanitised. */
        const bodyOf = async (item: WxrItem, usedBy: string) => {
          const { html } = replaceShortcodes(item.content);
          const withParagraphs = autop(html);
          const map = new Map<string, string>();
          for (const src of imageSources(withParagraphs)) {
            const ours = await imageOf(src, usedBy);
            if (ours) map.set(src, ours);
          }
          return sanitizeArticleHtml(rewriteUrls(withParagraphs, map));
        };

        /** Images of posts imported by an earlier run. */
        const shownBefore = new Set<string>();
        for (const item of posts) {
          const key = item.postId || item.guid;
          const title = item.title || '(no title)';
          const usedBy = `post ${key} "${title}"`;
          step();
          if (await isRecorded('post', key)) {
            report({ kind: 'post', key, title, outcome: 'unchanged', note: 'imported before' });
            const thumb = attachments.get(item.meta._thumbnail_id ?? '');
            for (const address of [thumb?.attachmentUrl, ...imageSources(item.content)])
              if (address) shownBefore.add(address);
            continue;
          }
          const mapped = mapStatus(item, now);
          if ('skip' in mapped) {
            report({ kind: 'post', key, title, outcome: 'skipped', note: mapped.skip });
            continue;
          }
          const terms = item.terms.filter((t) => t.domain === 'category');
          const first = terms[0] ?? { nicename: 'uncategorized', name: 'Uncategorized' };
          firstCategories.add(first.nicename);
          const category = await categoryOf(first.nicename, first.name || first.nicename);
          const keywords = [
            ...new Set(
              [...terms.slice(1), ...item.terms.filter((t) => t.domain === 'post_tag')]
                .map((t) => t.name)
                .filter(Boolean),
            ),
          ].join(', ');

          const description = await bodyOf(item, usedBy);
          const thumbnail = attachments.get(item.meta._thumbnail_id ?? '');
          const imageUrl = thumbnail?.attachmentUrl
            ? ((await imageOf(thumbnail.attachmentUrl, usedBy)) ?? '')
            : '';
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
            authorId: authorIds.get(item.creator) ?? null,
            categoryId: category.id,
            imageUrl,
            imageMediaId: imageUrl ? await media.idForUrl(imageUrl, tx) : null,
            description,
            metaTitle: cut(yoast ? yoastTitle(yoast, title) : '', MAX.metaTitle),
            metaDescription: cut(
              item.meta._yoast_wpseo_metadesc?.trim() || plainExcerpt(item.excerpt),
              MAX.metaDescription,
            ),
            metaKeywords: cut(keywords, MAX.metaKeywords),
            status: mapped.status,
            publishedAt: date,
            language: detectLanguage(`${name} ${stripHtml(description)}`),
            legacyId,
            createdAt: date,
            updatedAt: modified < date ? date : modified,
          });
          const { refused } = await recordFormerPaths(tx, id, formerPaths(wxr.siteUrl, item));
          await record('post', key, id);
          const notes = [
            mapped.note,
            thumbnail === undefined && item.meta._thumbnail_id
              ? `featured image ${item.meta._thumbnail_id} is not in the file`
              : undefined,
            refused.length
              ? `old addresses held by another article: ${refused.join(' ')}`
              : undefined,
          ].filter(Boolean);
          report({
            kind: 'post',
            key,
            title,
            outcome: 'created',
            note: [articlePath({ slug, categorySlug: category.slug }), ...notes].join('; '),
          });
        }

        for (const item of pages) {
          const key = item.postId || item.guid;
          const title = item.title || '(no title)';
          step();
          const target = STATIC_PAGE_FOR[wordpressSlug(item.postName, title)];
          if (!target) {
            report({
              kind: 'page',
              key,
              title,
              outcome: 'skipped',
              note: `no static page "${item.postName}" here (ours: ${STATIC_PAGE_SLUGS.join(', ')})`,
            });
            continue;
          }
          if (await isRecorded('page', key)) {
            report({ kind: 'page', key, title, outcome: 'unchanged', note: `/${target}` });
            continue;
          }
          if (item.status !== 'publish') {
            report({
              kind: 'page',
              key,
              title,
              outcome: 'skipped',
              note: `status ${item.status || 'none'}: only published pages fill /${target}`,
            });
            continue;
          }
          const body = await bodyOf(item, `page ${key} "${title}"`);
          await upsertStaticPage(tx, { slug: target, title: cut(title, MAX.name), body }, now);
          await record('page', key, target);
          report({ kind: 'page', key, title, outcome: 'created', note: `fills /${target}` });
        }

        // The rest of the file, accounted for.
        for (const c of wxr.categories) {
          if (categoryIds.has(c.nicename)) continue;
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
        for (const [id, a] of attachments) {
          if (images.has(a.attachmentUrl)) continue;
          const line = {
            kind: 'image' as const,
            key: a.attachmentUrl || id,
            title: `attachment ${id}`,
          };
          if (await isRecorded('image', a.attachmentUrl)) report({ ...line, outcome: 'unchanged' });
          else if (shownBefore.has(a.attachmentUrl))
            report({
              ...line,
              outcome: 'missing',
              note: 'it was missing when its post was imported; not tried again',
            });
          else report({ ...line, outcome: 'skipped', note: 'no imported post or page shows it' });
        }
        for (const [type, items] of byType) {
          if (['post', 'page', 'attachment'].includes(type)) continue;
          report({
            kind: 'other',
            key: type,
            title: `${items.length} item${items.length === 1 ? '' : 's'}`,
            outcome: 'skipped',
            note: `WordPress type "${type}" has no counterpart here`,
          });
        }
        // What came in is found by search at once, in the same transaction.
        await indexImportedArticles(tx);
      });
    } catch (error) {
      // The transaction is rolled back; the files it wrote go too (MEDIA_STORAGE=fs).
      await Promise.allSettled(writtenKeys.map((key) => media.storage.remove(key)));
      throw error;
    }

    const created = lines.filter((l) => l.outcome === 'created').length;
    if (created > 0) await deps.contentChanged?.();
    return {
      file: basename(file),
      version: wxr.version,
      site: wxr.siteUrl,
      lines,
      created,
      changed: 0,
      commentsIgnored: wxr.items.reduce((n, i) => n + i.comments, 0),
    };
  };
}
export type WordPressImporter = ReturnType<typeof createWordPressImporter>;

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
