import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleEditions,
  articles,
  articleTags,
  categories,
  tags,
} from '../../../db/schema/content';
import { editions } from '../../../db/schema/editions';
import { DEMO_STATES } from '../../../db/seed/demo-editions';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { media } from '../../../db/schema/media';
import { DEMO_AUTHORS } from '../../../db/seed/demo-authors';
import { isEmptySite, seedDemoContent } from '../../../db/seed/seed';
import { users } from '../../../db/schema/users';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
// No job runs by itself: the demo's AVIF variants are a job's work after the seeding (a first
// start makes them at once), not what these tests look at.
beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
});
afterAll(async () => t.close());

const seed = () =>
  seedDemoContent({
    db: t.database.db,
    storeImage: (data) => t.app.services.media.storeImage(data),
    tagArticle: t.app.services.articles.setTags,
    now: new Date(),
  });

/** Every article's editions, as `slug: edition slugs`, sorted. */
async function storyEditions(): Promise<string[]> {
  const rows = await t.database.db
    .select({ slug: articles.slug, edition: editions.slug })
    .from(articleEditions)
    .innerJoin(articles, eq(articles.id, articleEditions.articleId))
    .innerJoin(editions, eq(editions.id, articleEditions.editionId));
  return rows.map((r) => `${r.slug}: ${r.edition}`).sort();
}

describe('demo content', () => {
  it('fills an empty site with categories and published articles in Hindi and English', async () => {
    expect(await isEmptySite(t.database.db)).toBe(true);
    const result = await seed();
    expect(result.categoriesCreated).toBeGreaterThanOrEqual(7);
    expect(result.articlesCreated).toBeGreaterThanOrEqual(40);
    expect(await isEmptySite(t.database.db)).toBe(false);

    const cats = await t.database.db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories);
    expect(cats).toEqual(
      expect.arrayContaining([
        { slug: 'editors-choice', name: "Editor's Choice" },
        { slug: 'apna-gyaan', name: 'Apna Gyaan' },
        { slug: 'parenting', name: 'Parenting' },
      ]),
    );

    const byLanguage = await t.database.db
      .select({ language: articles.language, n: count() })
      .from(articles)
      .where(eq(articles.status, 'published'))
      .groupBy(articles.language);
    const n = Object.fromEntries(byLanguage.map((r) => [r.language, Number(r.n)]));
    expect((n.hi ?? 0) + (n.en ?? 0)).toBeGreaterThanOrEqual(40);
    expect(Math.abs((n.hi ?? 0) - (n.en ?? 0))).toBeLessThanOrEqual(4);
  });

  it('writes real bodies with headings and paragraphs, Devanagari for Hindi', async () => {
    const rows = await t.database.db
      .select({
        language: articles.language,
        description: articles.description,
        name: articles.name,
      })
      .from(articles);
    for (const row of rows) {
      expect(row.description).toMatch(/<h2>/);
      expect((row.description.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(3);
      if (row.language === 'hi') expect(row.name).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('tags the demo pieces: Hindi and English tags, each on several stories (issue 26 item 9)', async () => {
    const perTag = await t.database.db
      .select({ name: tags.name, n: count() })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.status, 'published'))
      .groupBy(tags.name);
    const shared = perTag.filter((row) => Number(row.n) >= 2).map((row) => row.name);
    expect(shared.length).toBeGreaterThanOrEqual(8);
    expect(shared.some((name) => /[\u0900-\u097F]/.test(name))).toBe(true);
    expect(shared.some((name) => /^[A-Za-z ]+$/.test(name))).toBe(true);
  });

  it('spreads articles over categories and dates', async () => {
    const perCategory = await t.database.db
      .select({ categoryId: articles.categoryId, n: count() })
      .from(articles)
      .groupBy(articles.categoryId);
    expect(perCategory.length).toBeGreaterThanOrEqual(7);
    const [span] = await t.database.db
      .select({
        days: sql<number>`extract(day from max(${articles.publishedAt}) - min(${articles.publishedAt}))::int`,
      })
      .from(articles);
    expect(Number(span?.days)).toBeGreaterThan(30);
  });

  it('gives every article a locally made image, stored with its variants and served', async () => {
    const rows = await t.database.db.select({ imageUrl: articles.imageUrl }).from(articles);
    for (const row of rows)
      expect(row.imageUrl).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/original\.jpg$/);
    const [first] = await t.database.db
      .select({ variants: media.variants, width: media.width })
      .from(media)
      .where(eq(media.storageKey, rows[0]!.imageUrl.replace(/^\/media\//, '')));
    expect(first?.width).toBe(1200);
    expect(first?.variants.map((v) => v.width)).toEqual([400, 800, 1200]);
    const res = await t.app.inject({ method: 'GET', url: rows[0]?.imageUrl as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has writers with a bio and a photo, who take the pieces in turn', async () => {
    const writers = await t.database.db
      .select({ id: users.id, bio: users.bio, photoUrl: users.photoUrl })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_AUTHORS.map((a) => a.email),
        ),
      );
    expect(writers).toHaveLength(DEMO_AUTHORS.length);
    for (const writer of writers) {
      expect(writer.bio.length).toBeGreaterThan(20);
      expect(writer.photoUrl).toMatch(/^\/media\//);
      expect((await t.app.inject({ url: writer.photoUrl })).statusCode).toBe(200);
      const [mine] = await t.database.db
        .select({ n: count() })
        .from(articles)
        .where(eq(articles.authorId, writer.id));
      expect(Number(mine?.n)).toBeGreaterThan(5);
    }
    const [unsigned] = await t.database.db
      .select({ n: count() })
      .from(articles)
      .where(isNull(articles.authorId));
    expect(Number(unsigned?.n)).toBe(0);
  });

  it('has pieces with co-writers and with an agency credit, as the API gives them', async () => {
    const piece = async (slug: string) => {
      const [row] = await t.database.db
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, slug));
      const res = await t.app.inject({ url: `/api/articles/article/${row!.id}` });
      expect(res.statusCode).toBe(200);
      return res.json<{
        authors: { name: string }[];
        credit: string;
      }>();
    };
    const bill = await piece('understanding-your-electricity-bill');
    // Three different writers, the next ones in turn after the first.
    expect(new Set(bill.authors.map((a) => a.name)).size).toBe(3);
    expect((await piece('cyber-thagi-ho-jaye-to-kya-karein')).authors).toHaveLength(2);
    expect((await piece('mausam-vibhag-ke-rangeen-alert-ka-matlab')).credit).toBe(
      'एजेंसी इनपुट के साथ',
    );
    expect(await piece('what-the-monsoon-onset-really-means')).toMatchObject({
      authors: [expect.anything(), expect.anything()],
      credit: 'With inputs from agencies',
    });
  });

  it('leaves the site to its first sign-up: the demo writers cannot sign in, so it becomes administrator', async () => {
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        payload: { name: 'New Owner', email, password: 'a long enough secret' },
      });
    expect((await signUp('owner@example.com')).json()).toMatchObject({ role: 'administrator' });
    expect((await signUp('second@example.com')).json()).toMatchObject({ role: 'reader' });
  });

  it('adds two states with at least ten cities each, and places demo stories in them', async () => {
    const rows = await t.database.db
      .select({
        id: editions.id,
        slug: editions.slug,
        kind: editions.kind,
        parentId: editions.parentId,
        names: editions.names,
        lat: editions.lat,
      })
      .from(editions);
    for (const state of DEMO_STATES) {
      const row = rows.find((r) => r.slug === state.slug && r.parentId === NATIONAL_EDITION_ID);
      expect(row, state.slug).toMatchObject({
        kind: 'state',
        names: { hi: state.hi, en: state.en },
      });
      const cities = rows.filter((r) => r.parentId === row!.id);
      expect(cities.length, state.slug).toBeGreaterThanOrEqual(10);
      expect(cities.every((c) => c.kind === 'city' && c.lat !== null)).toBe(true);
    }
    const placed = await storyEditions();
    expect(placed).toContain('udaipur-beyond-the-lakes: udaipur');
    expect(placed).toContain('monsoon-se-pehle-ghar-aur-mohalle-ki-taiyari: jaipur');
    const [udaipur] = await t.database.db
      .select({ primary: editions.slug })
      .from(articles)
      .innerJoin(editions, eq(editions.id, articles.primaryEditionId))
      .where(eq(articles.slug, 'udaipur-beyond-the-lakes'));
    expect(udaipur?.primary).toBe('udaipur');
  });

  it('is idempotent: a second run adds nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(media);
    const placed = await storyEditions();
    const again = await seed();
    expect(again).toEqual({ categoriesCreated: 0, articlesCreated: 0, editionsCreated: 0 });
    // The demo stories stay where the first run (or a desk since) placed them.
    expect(await storyEditions()).toEqual(placed);
    const after = await t.database.db.select({ n: count() }).from(media);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });
});
