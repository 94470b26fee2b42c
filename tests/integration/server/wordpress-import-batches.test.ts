/*
 * The WordPress import a batch at a time (issue 71 item 4): an export longer than a batch comes
 * in as one post after another would have made it (a slug, an old address or a tag's address
 * taken by a post of the batch before, a post given twice, a page between the posts), each
 * article's search row is the one indexing it afresh makes, and the file's posts are read as
 * they are taken, never all held at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_VERSION } from '../../../common/search/search-document';
import { articles, articleTags, categories, tags } from '../../../db/schema/content';
import { articleSearch } from '../../../db/schema/search';
import { countLines } from '../../../server/modules/imports/import-report';
import { POST_BATCH } from '../../../server/modules/imports/wordpress-post-batch';
import type { ImportReport } from '../../../server/modules/imports/wordpress-run';
import { wxrFileStamp, wxrItems } from '../../../server/modules/imports/wxr-read';
import { indexStaleArticles } from '../../../server/modules/search/search-index-repository';
import { createTestApp, type TestApp } from '../../setup/test-app';

const SITE = 'http://batches.example.org';
/** Two batches and some: the second one meets what the first one wrote. */
const POSTS = POST_BATCH + 120;

interface Post {
  id: number;
  name: string;
  link?: string;
  status?: string;
  tags: string[];
}

/** The file's posts: story-N with tag "Tag N mod 7", and the cases the second batch meets. */
function postsOfFile(): Post[] {
  const posts: Post[] = Array.from({ length: POSTS }, (_, k) => ({
    id: 1000 + k + 1,
    name: `story-${k + 1}`,
    tags: [`Tag ${(k + 1) % 7}`],
  }));
  const at = (n: number) => posts[n - 1] as Post;
  // In the second batch: a slug the first batch took, an old address it holds, a tag it made
  // under another spelling, a post it wrote given again, and a post in the trash.
  Object.assign(at(POST_BATCH + 10), { name: 'story-5' });
  Object.assign(at(POST_BATCH + 20), { link: `${SITE}/story-7/` });
  Object.assign(at(POST_BATCH + 30), { tags: ['TAG 3', 'नया टैग'] });
  Object.assign(at(POST_BATCH + 40), { id: 1010 });
  Object.assign(at(POST_BATCH + 50), { status: 'trash' });
  return posts;
}

const item = (p: Post, k: number) => `
  <item>
    <title>Story ${k + 1}: ${k % 2 ? 'सरकार ने बजट पेश किया' : 'the council meets on Monday'}</title>
    <link>${p.link ?? `${SITE}/${p.name}/`}</link>
    <dc:creator>reporter</dc:creator>
    <guid isPermaLink="false">${SITE}/?p=${p.id}</guid>
    <content:encoded><![CDATA[Paragraph one of story ${k + 1}, about roads and water.

${k % 2 ? 'दूसरा अनुच्छेद: पानी और सड़कें।' : 'A second paragraph on the budget.'}]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${p.id}</wp:post_id>
    <wp:post_date_gmt>2024-03-${String(1 + (k % 28)).padStart(2, '0')} 10:00:00</wp:post_date_gmt>
    <wp:post_name>${p.name}</wp:post_name>
    <wp:status>${p.status ?? (k % 10 === 3 ? 'draft' : 'publish')}</wp:status>
    <wp:post_type>post</wp:post_type>
    <category domain="category" nicename="news"><![CDATA[News]]></category>
    ${p.tags.map((t) => `<category domain="post_tag" nicename="x"><![CDATA[${t}]]></category>`).join('')}
  </item>`;

const page = `
  <item>
    <title>Privacy Policy</title>
    <link>${SITE}/privacy-policy/</link>
    <dc:creator>reporter</dc:creator>
    <guid isPermaLink="false">${SITE}/?page_id=7</guid>
    <content:encoded><![CDATA[We keep nothing about you.]]></content:encoded>
    <wp:post_id>7</wp:post_id>
    <wp:post_name>privacy-policy</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>page</wp:post_type>
  </item>`;

/** The export: its posts, with a page among them; `end` closes it (or breaks it). */
function exportOf(posts: Post[], end = '</channel></rss>') {
  const items = posts.map(item);
  items.splice(300, 0, page);
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Batches</title>
  <link>${SITE}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_blog_url>${SITE}</wp:base_blog_url>
  ${items.join('')}
${end}`;
}

let t: TestApp;
let scratch: string;
let file: string;
let first: ImportReport;
const posts = postsOfFile();
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  scratch = mkdtempSync(join(tmpdir(), 'patrika-wp-batches-'));
  file = join(scratch, 'export.xml');
  writeFileSync(file, exportOf(posts));
  first = await t.app.services.imports.wordpress(file);
}, 180_000);
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('an export longer than a batch', () => {
  it('reports every post in file order, each as one post after another would have', () => {
    expect(countLines(first)).toMatchObject({
      post: { created: POSTS - 2, unchanged: 1, skipped: 1 },
      page: { created: 1 },
    });
    const postLines = first.lines.filter((l) => l.kind === 'post');
    expect(postLines.map((l) => l.key)).toEqual(posts.map((p) => String(p.id)));
    // The page, though it stands among the posts in the file, comes in after them.
    expect(first.lines.findIndex((l) => l.kind === 'page')).toBeGreaterThan(
      first.lines.findLastIndex((l) => l.kind === 'post'),
    );
    const line = (n: number) => postLines[n - 1];
    // Its permalink is story 5's too: that article keeps it.
    expect(line(POST_BATCH + 10)?.note).toBe(
      '/news/story-5-2; old addresses held by another article: /story-5',
    );
    expect(line(POST_BATCH + 20)?.note).toBe(
      `/news/story-${POST_BATCH + 20}; old addresses held by another article: /story-7`,
    );
    expect(line(POST_BATCH + 40)).toMatchObject({ outcome: 'unchanged', note: 'imported before' });
    expect(line(POST_BATCH + 50)).toMatchObject({ outcome: 'skipped', note: 'in the trash' });
  });

  it('gives a tag known under another spelling its first name', async () => {
    const rows = await db()
      .select({ name: tags.name })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .innerJoin(articles, eq(articles.id, articleTags.articleId))
      .where(eq(articles.slug, `story-${POST_BATCH + 30}`))
      .orderBy(articleTags.position);
    expect(rows.map((r) => r.name)).toEqual(['Tag 3', 'नया टैग']);
  });

  it('indexes each article for search as indexing it afresh does', async () => {
    const imported = await db()
      .select({ id: articles.id })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(eq(categories.slug, 'news'));
    expect(imported).toHaveLength(POSTS - 2);
    const ids = imported.map((a) => a.id);
    const rows = () =>
      db()
        .select()
        .from(articleSearch)
        .where(inArray(articleSearch.articleId, ids))
        .orderBy(asc(articleSearch.articleId));
    const written = await rows();
    expect(written).toHaveLength(ids.length);
    await db().delete(articleSearch).where(inArray(articleSearch.articleId, ids));
    await indexStaleArticles(db(), SEARCH_VERSION);
    expect(await rows()).toEqual(written);
  });

  it('changes nothing when run a second time', async () => {
    const again = await t.app.services.imports.wordpress(file);
    expect(again.created).toBe(0);
    expect(countLines(again).post).toEqual({ unchanged: POSTS - 1, skipped: 1 });
  });
});

describe('the second pass over the file', () => {
  it('hands over the first posts before it has read the end of the file', async () => {
    const broken = join(scratch, 'broken-at-the-end.xml');
    writeFileSync(broken, exportOf(posts, '</channel></rss'));
    const seen: string[] = [];
    const reading = async () => {
      for await (const i of wxrItems(broken, wxrFileStamp(broken), new Set(['post'])))
        seen.push(i.postId);
    };
    await expect(reading()).rejects.toThrow(/is not a readable WordPress export: line \d+/);
    expect(seen).toEqual(posts.map((p) => String(p.id)));
  });

  it('refuses a file changed since the first pass', async () => {
    const stamp = wxrFileStamp(file);
    writeFileSync(file, exportOf(posts.slice(0, 3)));
    await expect(wxrItems(file, stamp, new Set(['post'])).next()).rejects.toThrow(
      'export.xml changed while it was being imported; import it again.',
    );
  });
});
