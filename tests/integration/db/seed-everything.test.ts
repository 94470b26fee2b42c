/*
 * Issue 72 item 5: the first start of an empty site seeds what every wave-4 screen shows, each
 * piece known as demo content; `npm run seed -- --remove` takes all of it and nothing else;
 * SEED_DEMO=0 starts empty.
 */
import { count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsRollups } from '../../../db/schema/analytics';
import { breakingNews } from '../../../db/schema/breaking';
import { comments } from '../../../db/schema/comments';
import { articles, categories, tags } from '../../../db/schema/content';
import { editions } from '../../../db/schema/editions';
import { articleCorrections } from '../../../db/schema/corrections';
import { liveEntries } from '../../../db/schema/live';
import { newsletterIssues, newsletters } from '../../../db/schema/newsletters';
import { plans } from '../../../db/schema/payments';
import { articleDailyViews, siteSettings } from '../../../db/schema/site';
import { users } from '../../../db/schema/users';
import { DEMO_AUTHORS } from '../../../db/seed/demo-authors';
import { DEMO_IDS, DEMO_READERS, DEMO_STORY } from '../../../db/seed/demo-marks';
import { removeDemoContent } from '../../../db/seed/demo-remove';
import { DEMO_SETTINGS, isEmptySite } from '../../../db/seed/seed';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { epaperIssues } from '../../../db/schema/epaper';

const rows = async (t: TestApp, table: PgTable) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0);

describe('the demo of a first start (SEED_DEMO=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: '1' }, { pollJobs: false });
  }, 120_000);
  afterAll(async () => t.close());

  const db = () => t.database.db;
  const story = async (slug: string) =>
    (await db().select().from(articles).where(eq(articles.slug, slug)))[0]!;

  it('has a daily newsletter with a sent issue', async () => {
    const [letter] = await db()
      .select()
      .from(newsletters)
      .where(eq(newsletters.id, DEMO_IDS.newsletter));
    expect(letter?.schedule.kind).toBe('daily');
    const issues = await db()
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.newsletterId, DEMO_IDS.newsletter));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('has two weeks of analytics, rolled up, with "Most read" and the dashboard filled', async () => {
    const days = await db().selectDistinct({ day: analyticsEvents.day }).from(analyticsEvents);
    expect(days.length).toBeGreaterThanOrEqual(13);
    const [day] = await db()
      .select({ n: count() })
      .from(analyticsRollups)
      .where(eq(analyticsRollups.grain, 'day'));
    expect(Number(day?.n)).toBeGreaterThan(0);
    expect((await t.app.services.analytics.mostRead()).length).toBeGreaterThan(0);
    expect(await rows(t, articleDailyViews)).toBeGreaterThan(0);
  });

  it('has a plan and one members-only story', async () => {
    expect(await db().select().from(plans).where(eq(plans.id, DEMO_IDS.plan))).toHaveLength(1);
    const locked = await db()
      .select({ slug: articles.slug })
      .from(articles)
      .where(eq(articles.access, 'members'));
    expect(locked).toEqual([{ slug: DEMO_STORY.membersOnly }]);
  });

  it('has comments on a few stories, one held for moderation', async () => {
    const all = await db().select().from(comments);
    expect(new Set(all.map((c) => c.articleId)).size).toBeGreaterThanOrEqual(3);
    expect(all.filter((c) => c.status === 'pending')).toHaveLength(1);
    expect(all.filter((c) => c.status === 'approved').length).toBeGreaterThanOrEqual(3);
  });

  it('has a live blog with updates and a breaking band linking to it', async () => {
    const live = await story(DEMO_STORY.liveBlog);
    expect(live.liveBlog).toBe(true);
    const updates = await db().select().from(liveEntries).where(eq(liveEntries.articleId, live.id));
    expect(updates.length).toBeGreaterThanOrEqual(3);
    const band = await t.app.services.breaking.current();
    expect(band?.text).toMatch(/live/i);
  });

  it('has corrections on one story, and the contact details and map of the footer', async () => {
    const corrected = await story(DEMO_STORY.corrected);
    const notes = await db()
      .select()
      .from(articleCorrections)
      .where(eq(articleCorrections.articleId, corrected.id));
    expect(notes).toHaveLength(2);
    const settings = await t.app.services.settings.get();
    expect(settings).toMatchObject({
      contactEmail: DEMO_SETTINGS.contactEmail,
      contactAddress: DEMO_SETTINGS.contactAddress,
      mapLocation: DEMO_SETTINGS.mapLocation,
    });
  });

  it('--remove takes all of the demo away and leaves the site its own story', async () => {
    // The site's own: a category, a story in it, and one in a demo category would hold it.
    const [own] = await db()
      .insert(categories)
      .values({ name: 'Own desk', slug: 'own-desk' })
      .returning();
    const [mine] = await db()
      .insert(articles)
      .values({
        name: 'Our own story',
        slug: 'our-own-story',
        categoryId: own!.id,
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();

    // As `npm run seed -- --remove` does (scripts/seed.ts): the demo's e-paper issue first, through
    // its service (its files then forgotten by their jobs), then the rest in one transaction.
    expect(await db().select().from(epaperIssues)).toHaveLength(1);
    expect(await t.app.services.epaper.removeDemo()).toBe(1);
    await removeDemoContent(db(), DEMO_SETTINGS);
    expect(await db().select().from(epaperIssues)).toEqual([]);

    expect(await db().select({ slug: articles.slug }).from(articles)).toEqual([
      { slug: mine!.slug },
    ]);
    expect(await db().select({ slug: categories.slug }).from(categories)).toEqual([
      { slug: 'own-desk' },
    ]);
    // The demo's states and cities go; the one national edition stays (issue 65).
    expect(await db().select({ kind: editions.kind }).from(editions)).toEqual([
      { kind: 'national' },
    ]);
    for (const table of [
      newsletters,
      plans,
      comments,
      liveEntries,
      breakingNews,
      articleCorrections,
      analyticsEvents,
      analyticsRollups,
      tags,
    ])
      expect(await rows(t, table)).toBe(0);
    const people = await db()
      .select({ email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          [...DEMO_AUTHORS, ...DEMO_READERS].map((p) => p.email),
        ),
      );
    expect(people).toEqual([]);
    const [settings] = await db().select().from(siteSettings);
    expect(settings?.data).toMatchObject({ contactEmail: '', contactAddress: '', mapLocation: '' });
    expect(settings?.data.social).toBeUndefined();
  });
});

describe('a first start with SEED_DEMO=0', () => {
  it('starts empty: no story, newsletter, plan, comment or analytics', async () => {
    const t = await createTestApp({ SEED_DEMO: '0' }, { pollJobs: false });
    try {
      expect(await isEmptySite(t.database.db)).toBe(true);
      for (const table of [
        newsletters,
        plans,
        comments,
        liveEntries,
        breakingNews,
        analyticsEvents,
      ])
        expect(await rows(t, table)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
