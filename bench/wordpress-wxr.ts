/*
 * A WordPress export (WXR 1.2, what Tools → Export writes) of N posts for the import's rate
 * (bench/wordpress-rate.ts, issue 71 item 4): Hindi and English posts (half each) with titles
 * of 5–9 words and bodies of 4–8 paragraphs of 40–90 words drawn from the demo bodies'
 * vocabulary (Zipf's law, a seeded generator, bench/data.ts), from pools of 1,999 paragraphs a
 * language walked by a prime step so no body repeats a paragraph; 80 authors, 60 categories
 * (12 at the top, 48 inside them), 3,000 tags (0–5 a post), dates over fifteen years, a few
 * drafts, private posts and trashed ones, Yoast fields on some, comments on a third, pages
 * (some named like our static pages), and a pool of attachments whose files are written to
 * an uploads folder (the importer's --media-dir): each post's featured image and every fifth
 * body's inline image is one of them, so images are stored once each, read locally.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import sharp from 'sharp';
import { slugify } from '../common/slug';
import { seeded, vocabularies, zipfWord } from './data';

export const SITE = 'https://old-paper.example.com';
const AUTHORS = 80;
const TOP_CATEGORIES = 12;
const CATEGORIES = 60;
const TAGS = 3_000;
const PARAGRAPHS = 1_999;
export const IMAGES = 40;
const YEARS = 15;
const END = Date.UTC(2026, 10, 1);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const pad = (n: number) => String(n).padStart(2, '0');
/** WordPress's date format: `2013-01-11 20:22:19`. */
const wpDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
/** WordPress keeps a Hindi slug percent-encoded, lower case. */
const wpSlug = (title: string, language: 'hi' | 'en') =>
  language === 'en'
    ? slugify(title)
    : encodeURIComponent(title.trim().replace(/\s+/g, '-').slice(0, 40)).toLowerCase();

/** Writes the images of the pool into `uploads` (YYYY/MM/name.jpg); answers their paths. */
async function writeImages(uploads: string): Promise<string[]> {
  const paths: string[] = [];
  for (let k = 0; k < IMAGES; k++) {
    const year = 2012 + (k % YEARS);
    const path = `${year}/${pad((k % 12) + 1)}/photo-${k}.jpg`;
    mkdirSync(join(uploads, `${year}/${pad((k % 12) + 1)}`), { recursive: true });
    await sharp({
      create: {
        width: 800,
        height: 533,
        channels: 3,
        background: { r: (k * 53) % 256, g: (k * 97) % 256, b: (k * 31) % 256 },
      },
    })
      .jpeg({ quality: 80 })
      .toFile(join(uploads, path));
    paths.push(path);
  }
  return paths;
}

/** Writes `file` (the export) and the uploads folder; answers what it holds. */
export async function writeWxr(file: string, uploads: string, posts: number) {
  const images = await writeImages(uploads);
  const vocabulary = vocabularies();
  const random = seeded(4);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const words = (language: 'hi' | 'en', n: number, from = 0) =>
    Array.from({ length: n }, () => zipfWord(vocabulary[language], random, from)).join(' ');
  const pools = {
    hi: Array.from({ length: PARAGRAPHS }, () => `${words('hi', between(40, 90))}।`),
    en: Array.from({ length: PARAGRAPHS }, () => `${words('en', between(40, 90))}.`),
  };
  const authors = Array.from({ length: AUTHORS }, (_, k) => `reporter${k + 1}`);
  const categories = Array.from({ length: CATEGORIES }, (_, k) => {
    const language = k % 2 ? 'hi' : 'en';
    const name = `${words(language, 2, 40)} ${k + 1}`;
    return { nicename: wpSlug(name, language), name, parent: '' };
  });
  for (let k = TOP_CATEGORIES; k < CATEGORIES; k++)
    (categories[k] as { parent: string }).parent = categories[k % TOP_CATEGORIES]!.nicename;
  const tags = Array.from({ length: TAGS }, (_, k) => {
    const language = k % 2 ? 'hi' : 'en';
    const name = `${words(language, 1, 60)} ${k + 1}`;
    return { slug: wpSlug(name, language), name };
  });

  const out = createWriteStream(file, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
\t<title>Old Paper</title>
\t<link>${SITE}</link>
\t<language>hi-IN</language>
\t<wp:wxr_version>1.2</wp:wxr_version>
\t<wp:base_site_url>${SITE}</wp:base_site_url>
\t<wp:base_blog_url>${SITE}</wp:base_blog_url>
`);
  for (const [k, login] of authors.entries())
    await write(
      `\t<wp:author><wp:author_id>${k + 1}</wp:author_id><wp:author_login>${cdata(login)}</wp:author_login><wp:author_email>${cdata(`${login}@old-paper.example.com`)}</wp:author_email><wp:author_display_name>${cdata(`${words(k % 2 ? 'hi' : 'en', 2, 50)} ${k + 1}`)}</wp:author_display_name></wp:author>\n`,
    );
  for (const [k, c] of categories.entries())
    await write(
      `\t<wp:category><wp:term_id>${k + 1}</wp:term_id><wp:category_nicename>${cdata(c.nicename)}</wp:category_nicename><wp:category_parent>${cdata(c.parent)}</wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name></wp:category>\n`,
    );
  for (const [k, t] of tags.entries())
    await write(
      `\t<wp:tag><wp:term_id>${CATEGORIES + k + 1}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name></wp:tag>\n`,
    );

  const item = (f: {
    id: number;
    title: string;
    link: string;
    creator: string;
    content: string;
    excerpt?: string;
    date: Date;
    slug: string;
    status: string;
    type: string;
    parent?: number;
    attachmentUrl?: string;
    extra?: string;
  }) =>
    `\t<item>
\t\t<title>${esc(f.title)}</title>
\t\t<link>${esc(f.link)}</link>
\t\t<pubDate>${f.date.toUTCString()}</pubDate>
\t\t<dc:creator>${cdata(f.creator)}</dc:creator>
\t\t<guid isPermaLink="false">${SITE}/?p=${f.id}</guid>
\t\t<description></description>
\t\t<content:encoded>${cdata(f.content)}</content:encoded>
\t\t<excerpt:encoded>${cdata(f.excerpt ?? '')}</excerpt:encoded>
\t\t<wp:post_id>${f.id}</wp:post_id>
\t\t<wp:post_date>${cdata(wpDate(new Date(f.date.getTime() + 5.5 * 3600_000)))}</wp:post_date>
\t\t<wp:post_date_gmt>${cdata(wpDate(f.date))}</wp:post_date_gmt>
\t\t<wp:post_modified>${cdata(wpDate(f.date))}</wp:post_modified>
\t\t<wp:post_modified_gmt>${cdata(wpDate(f.date))}</wp:post_modified_gmt>
\t\t<wp:comment_status>${cdata('open')}</wp:comment_status>
\t\t<wp:post_name>${cdata(f.slug)}</wp:post_name>
\t\t<wp:status>${cdata(f.status)}</wp:status>
\t\t<wp:post_parent>${f.parent ?? 0}</wp:post_parent>
\t\t<wp:post_type>${cdata(f.type)}</wp:post_type>
${f.attachmentUrl ? `\t\t<wp:attachment_url>${cdata(f.attachmentUrl)}</wp:attachment_url>\n` : ''}${f.extra ?? ''}\t</item>
`;

  const imageUrl = (k: number) => `${SITE}/wp-content/uploads/${images[k]}`;
  const ATTACHMENT_BASE = 10_000_000;
  for (let k = 0; k < IMAGES; k++)
    await write(
      item({
        id: ATTACHMENT_BASE + k,
        title: `photo-${k}`,
        link: `${SITE}/photo-${k}/`,
        creator: authors[0]!,
        content: '',
        date: new Date(END - k * 86_400_000),
        slug: `photo-${k}`,
        status: 'inherit',
        type: 'attachment',
        attachmentUrl: imageUrl(k),
      }),
    );

  const slugs = new Set<string>();
  const step = { hi: 0, en: 0 };
  const counts = { posts, pages: 0, comments: 0, published: 0 };
  for (let n = 1; n <= posts; n++) {
    const language = n % 2 ? 'hi' : 'en';
    const title = words(language, between(5, 9), 30);
    let slug = wpSlug(title, language) || `post-${n}`;
    for (let s = 2; slugs.has(slug); s++) slug = `${wpSlug(title, language)}-${s}`;
    slugs.add(slug);
    const date = new Date(END - Math.floor(random() * YEARS * 365 * 86_400_000));
    const paragraphs = Array.from({ length: between(4, 8) }, () => {
      step[language] = (step[language] + 7) % PARAGRAPHS;
      return pools[language][(step[language] + n * 13) % PARAGRAPHS]!;
    });
    if (n % 5 === 0)
      paragraphs.splice(
        1,
        0,
        `<img class="aligncenter size-large" src="${imageUrl(n % IMAGES)}" alt="" width="800" height="533" />`,
      );
    const roll = random();
    const status =
      roll < 0.95 ? 'publish' : roll < 0.98 ? 'draft' : roll < 0.99 ? 'private' : 'trash';
    if (status === 'publish') counts.published++;
    const cats = [pick(categories), ...(random() < 0.3 ? [pick(categories)] : [])];
    const postTags = Array.from({ length: between(0, 5) }, () => pick(tags));
    const comments = n % 3 === 0 ? between(1, 3) : 0;
    counts.comments += comments;
    const extra = [
      ...cats.map(
        (c) =>
          `\t\t<category domain="category" nicename="${c.nicename}">${cdata(c.name)}</category>\n`,
      ),
      ...postTags.map(
        (t) => `\t\t<category domain="post_tag" nicename="${t.slug}">${cdata(t.name)}</category>\n`,
      ),
      meta('_thumbnail_id', String(ATTACHMENT_BASE + (n % IMAGES))),
      ...(n % 4 === 0
        ? [
            meta('_yoast_wpseo_title', `${title} %%sep%% %%sitename%%`),
            meta('_yoast_wpseo_metadesc', words(language, 20)),
          ]
        : []),
      ...Array.from({ length: comments }, (_, c) => comment(n * 10 + c, words(language, 20))),
    ].join('');
    const d = date.toISOString();
    await write(
      item({
        id: n,
        title,
        link: `${SITE}/${d.slice(0, 4)}/${d.slice(5, 7)}/${d.slice(8, 10)}/${slug}/`,
        creator: pick(authors),
        content: paragraphs.join('\n\n'),
        excerpt: n % 10 === 0 ? words(language, 25) : '',
        date,
        slug,
        status,
        type: 'post',
        extra,
      }),
    );
    if (n % 1_000 === 0) {
      counts.pages++;
      const pageSlug = ['about', 'contact', 'privacy-policy', 'archives', 'team'][(n / 1_000) % 5]!;
      await write(
        item({
          id: 5_000_000 + n,
          title: `Page ${pageSlug}`,
          link: `${SITE}/${pageSlug}/`,
          creator: authors[0]!,
          content: pools.en.slice(0, 3).join('\n\n'),
          date,
          slug: pageSlug,
          status: 'publish',
          type: 'page',
        }),
      );
    }
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  return counts;
}

const meta = (key: string, value: string) =>
  `\t\t<wp:postmeta><wp:meta_key>${cdata(key)}</wp:meta_key><wp:meta_value>${cdata(value)}</wp:meta_value></wp:postmeta>\n`;

const comment = (id: number, text: string) =>
  `\t\t<wp:comment><wp:comment_id>${id}</wp:comment_id><wp:comment_author>${cdata('reader')}</wp:comment_author><wp:comment_author_email>reader@example.com</wp:comment_author_email><wp:comment_date>2020-01-01 10:00:00</wp:comment_date><wp:comment_content>${cdata(text)}</wp:comment_content><wp:comment_approved>1</wp:comment_approved></wp:comment>\n`;
