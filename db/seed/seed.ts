import { count, inArray, or } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { detectLanguage } from '../../common/text';
import type { Db } from '../client';
import type { SiteSettings } from '../../common/settings';
import { articleAuthors, articles, categories } from '../schema/content';
import { siteSettings } from '../schema/site';
import { ensureDemoAuthors } from './demo-authors';
import { seedDemoHistory } from './demo-analytics';
import { seedDemoExtras } from './demo-extras';
import { ensureDemoImages } from './demo-images';
import type { DemoCategory } from './demo-content';
import { DEMO_TAGS } from './demo-tags';
import { seedDemoEditions } from './seed-editions';

export interface SeedDeps {
  db: Db;
  /**
   * Gives a new article its tags (the articles service's `setTags`); left out, the demo has
   * none.
   */
  tagArticle?: (db: Db, articleId: string, names: readonly string[]) => Promise<void>;
  /**
   * Rolls up the analytics events from a time on (the analytics service's `rollUpSince`) and
   * refreshes "Most read"; left out, the demo's history stays raw events until the job runs.
   */
  rollUpAnalytics?: (from: Date) => Promise<void>;
  /**
   * The demo's counting day (the elections module's `seedDemo`: Lok Sabha 2024 and a rehearsal
   * of it replaying); left out, the demo has no election.
   */
  seedElection?: () => Promise<unknown>;
  /** Stores an image through the media service and answers its address. */
  storeImage(data: Buffer): Promise<{ url: string; _id: string }>;
  now: Date;
}

export interface SeedResult {
  categoriesCreated: number;
  articlesCreated: number;
  /** The demo's states and cities made by this run (issue 65). */
  editionsCreated: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo site's contact details (SPEC.md §1: an e-mail, no phone, an address in Jaipur) and
 * social links. A fresh site without the demo has none (common/settings.ts).
 */
export const DEMO_SETTINGS = {
  contactEmail: 'contact@patrika.example',
  contactAddress: 'Malviya Nagar, Jaipur, Rajasthan 302017, India',
  mapLocation: 'Jaipur, Rajasthan, India',
  social: {
    facebook: 'https://www.facebook.com/',
    x: 'https://x.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
  },
} satisfies Partial<SiteSettings>;

/**
 * The demo's contact details, map and social links where the settings have none: what an
 * administrator already filled in stays. A row may be there before the demo (a first start
 * stores other settings, such as secrets, before it seeds), so this fills it rather than
 * only making it.
 */
async function seedDemoSettings(db: Db, now: Date) {
  const [row] = await db.select({ data: siteSettings.data }).from(siteSettings).limit(1);
  const data: Partial<SiteSettings> = { ...row?.data };
  for (const key of ['contactEmail', 'contactAddress', 'mapLocation'] as const)
    if (!data[key]) data[key] = DEMO_SETTINGS[key];
  if (!data.social || Object.values(data.social).every((link) => !link))
    data.social = DEMO_SETTINGS.social;
  await db
    .insert(siteSettings)
    .values({ id: 1, data, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { data, updatedAt: now } });
}

/** True when the site has no categories and no articles: a fresh install. */
export async function isEmptySite(db: Db): Promise<boolean> {
  const [c] = await db.select({ n: count() }).from(categories);
  const [a] = await db.select({ n: count() }).from(articles);
  return Number(c?.n ?? 0) === 0 && Number(a?.n ?? 0) === 0;
}

/**
 * The demo categories, the top-level ones first, then those inside them (their parents' ids
 * known); what exists (by slug) is left alone. Answers how many were made, and every demo
 * category's id by slug.
 */
async function seedDemoCategories(
  db: Db,
  demoCategories: DemoCategory[],
  now: Date,
): Promise<{ categoriesCreated: number; categoryId: Map<string, string> }> {
  const categoryIds = async () => {
    const rows = await db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(
        inArray(
          categories.slug,
          demoCategories.map((c) => c.slug),
        ),
      );
    return new Map(rows.map((c) => [c.slug, c.id]));
  };
  // The top-level categories first, then those inside them (their parents' ids known).
  let categoriesCreated = 0;
  for (const inside of [false, true]) {
    const parents = inside ? await categoryIds() : new Map<string, string>();
    const values = demoCategories
      .filter((c) => Boolean(c.parentSlug) === inside)
      .map(({ parentSlug, ...c }) => ({
        ...c,
        parentId: parentSlug ? (parents.get(parentSlug) ?? null) : null,
        createdAt: now,
        updatedAt: now,
      }));
    if (values.length === 0) continue;
    const inserted = await db
      .insert(categories)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: categories.id });
    categoriesCreated += inserted.length;
  }
  return { categoriesCreated, categoryId: await categoryIds() };
}

/**
 * Demo pieces with more than one byline or an agency's credit (issue 26 item 4), so a newcomer
 * sees both on cards, article pages and the writers' pages: the next writers in turn join the
 * piece's first.
 */
const DEMO_BYLINES: Record<string, { coWriters?: number; credit?: string }> = {
  'cyber-thagi-ho-jaye-to-kya-karein': { coWriters: 1 },
  'understanding-your-electricity-bill': { coWriters: 2 },
  'mausam-vibhag-ke-rangeen-alert-ka-matlab': { credit: 'एजेंसी इनपुट के साथ' },
  'what-the-monsoon-onset-really-means': { coWriters: 1, credit: 'With inputs from agencies' },
};

/** What the wave-4 screens show (issue 72 item 5), on the demo stories made before. */
async function seedTheRest(
  db: Db,
  demoArticles: readonly { slug: string }[],
  rollUpAnalytics: SeedDeps['rollUpAnalytics'],
  now: Date,
) {
  await seedDemoExtras(db, now);
  const from = await seedDemoHistory(
    db,
    demoArticles.map((a) => a.slug),
    now,
  );
  if (from) await rollUpAnalytics?.(from);
}

/**
 * Demo categories and articles (issue "Foundation" §7). Idempotent: what exists (by slug or
 * legacy id) is left alone, so it can run again after an editor changed the demo content.
 */
export async function seedDemoContent({
  db,
  storeImage,
  tagArticle,
  rollUpAnalytics,
  seedElection,
  now,
}: SeedDeps): Promise<SeedResult> {
  // The demo texts are large: loaded only when seeding runs.
  const { demoArticles, demoCategories } = await import('./demo-content');
  const { categoriesCreated, categoryId } = await seedDemoCategories(db, demoCategories, now);

  const existing = await db
    .select({ slug: articles.slug, legacyId: articles.legacyId })
    .from(articles)
    .where(
      or(
        inArray(
          articles.slug,
          demoArticles.map((a) => a.slug),
        ),
        inArray(
          articles.legacyId,
          demoArticles.map((a) => a.legacyId),
        ),
      ),
    );
  const taken = new Set(existing.flatMap((a) => [a.slug, `#${a.legacyId}`]));
  const images = await ensureDemoImages(demoArticles.length);
  const authors = await ensureDemoAuthors(db, storeImage, now);

  let articlesCreated = 0;
  for (const [i, demo] of demoArticles.entries()) {
    if (taken.has(demo.slug) || taken.has(`#${demo.legacyId}`)) continue;
    const image = await storeImage(await readFile(images[i] as string));
    // Spread over the day too, so "latest" has a stable, meaningful order.
    const publishedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS - i * 37 * 60 * 1000);
    const inserted = await db
      .insert(articles)
      .values({
        name: demo.name,
        slug: demo.slug,
        categoryId: categoryId.get(demo.categorySlug) ?? null,
        // The demo writers take the pieces in turn.
        authorId: authors.length > 0 ? authors[i % authors.length] : null,
        imageUrl: image.url,
        imageMediaId: image._id,
        credit: DEMO_BYLINES[demo.slug]?.credit ?? '',
        description: demo.html.trim(),
        metaTitle: demo.metaTitle,
        metaDescription: demo.metaDescription,
        metaKeywords: demo.metaKeywords,
        status: 'published',
        publishedAt,
        language: demo.language ?? detectLanguage(demo.name),
        legacyId: demo.legacyId,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })
      .onConflictDoNothing()
      .returning({ id: articles.id });
    articlesCreated += inserted.length;
    const coWriters = Math.min(DEMO_BYLINES[demo.slug]?.coWriters ?? 0, authors.length - 1);
    if (inserted[0] && coWriters > 0)
      await db.insert(articleAuthors).values(
        Array.from({ length: coWriters }, (_, k) => ({
          articleId: inserted[0]!.id,
          userId: authors[(i + k + 1) % authors.length]!,
          position: k + 1,
        })),
      );
    const tags = DEMO_TAGS[demo.slug];
    if (inserted[0] && tags) await tagArticle?.(db, inserted[0].id, tags);
  }
  const editionsCreated = await seedDemoEditions(db, now);
  await seedDemoSettings(db, now);
  await seedTheRest(db, demoArticles, rollUpAnalytics, now);
  await seedElection?.();
  return { categoriesCreated, articlesCreated, editionsCreated };
}
