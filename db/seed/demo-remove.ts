import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { transaction } from '../transaction';
import type { SiteSettings } from '../../common/settings';
import { analyticsEvents, analyticsRollups } from '../schema/analytics';
import { breakingNews } from '../schema/breaking';
import { comments } from '../schema/comments';
import { articleEditions, articleTags, articles, categories, tags } from '../schema/content';
import { editions } from '../schema/editions';
import { articleCorrections } from '../schema/corrections';
import { liveEntries } from '../schema/live';
import { newsletters } from '../schema/newsletters';
import { plans } from '../schema/payments';
import { siteSettings } from '../schema/site';
import { users } from '../schema/users';
import { elections } from '../schema/elections';
import { DEMO_AUTHORS } from './demo-authors';
import { DEMO_STATES } from './demo-editions';
import { DEMO_IDS, DEMO_READERS } from './demo-marks';
import { DEMO_TAGS } from './demo-tags';

/** What `npm run seed -- --remove` took away. */
export interface RemoveResult {
  articles: number;
  categories: number;
}

/** The settings the demo fills (seed.ts DEMO_SETTINGS): emptied if still the demo's. */
type DemoSettings = Pick<
  SiteSettings,
  'contactEmail' | 'contactAddress' | 'mapLocation' | 'social'
>;

async function removeDemoRows(db: Db) {
  // The demo's election and its rehearsal; their seats, results and replay go with them.
  await db
    .delete(elections)
    .where(
      or(
        eq(elections.id, DEMO_IDS.election),
        sql`${elections.rehearsal}->>'of' = ${DEMO_IDS.election}`,
      ),
    );
  await db.delete(breakingNews).where(eq(breakingNews.id, DEMO_IDS.breaking));
  await db.delete(liveEntries).where(inArray(liveEntries.id, DEMO_IDS.live));
  await db.delete(comments).where(inArray(comments.id, DEMO_IDS.comments));
  await db.delete(articleCorrections).where(inArray(articleCorrections.id, DEMO_IDS.corrections));
  // Its issues and their lists go with it (cascade).
  await db.delete(newsletters).where(eq(newsletters.id, DEMO_IDS.newsletter));
  await db.delete(plans).where(eq(plans.id, DEMO_IDS.plan));
}

async function removeDemoStories(db: Db): Promise<number> {
  const { demoArticles } = await import('./demo-content');
  const ids = (
    await db
      .select({ id: articles.id })
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
      )
  ).map((a) => a.id);
  if (ids.length === 0) return 0;
  // Analytics keeps no reference to articles (a beacon never locks one): its rows go by id.
  await db.delete(analyticsEvents).where(inArray(analyticsEvents.articleId, ids));
  await db.delete(analyticsRollups).where(inArray(analyticsRollups.articleId, ids));
  // Tags, bylines, views, search rows, revisions and the rest go with each story (cascade).
  await db.delete(articles).where(inArray(articles.id, ids));
  return ids.length;
}

/** Demo categories no other story or category still uses: those inside others first. */
async function removeDemoCategories(db: Db): Promise<number> {
  const { demoCategories } = await import('./demo-content');
  let removed = 0;
  for (const inside of [true, false]) {
    const slugs = demoCategories.filter((c) => Boolean(c.parentSlug) === inside).map((c) => c.slug);
    const gone = await db
      .delete(categories)
      .where(
        and(
          inArray(categories.slug, slugs),
          notExists(db.select().from(articles).where(eq(articles.categoryId, categories.id))),
          sql`NOT EXISTS (SELECT 1 FROM ${categories} AS c2 WHERE c2.parent_id = ${categories.id})`,
        ),
      )
      .returning({ id: categories.id });
    removed += gone.length;
  }
  return removed;
}

/**
 * The demo's cities, then its states (issue 65 item 1), where no story of the site's own is in
 * them and no edition of its own sits under them: the national edition always stays.
 */
async function removeDemoEditions(db: Db) {
  const unused = and(
    notExists(db.select().from(articleEditions).where(eq(articleEditions.editionId, editions.id))),
    sql`NOT EXISTS (SELECT 1 FROM ${editions} AS e2 WHERE e2.parent_id = ${editions.id})`,
  );
  const states = await db
    .select({ id: editions.id })
    .from(editions)
    .where(
      and(
        eq(editions.kind, 'state'),
        inArray(
          editions.slug,
          DEMO_STATES.map((st) => st.slug),
        ),
      ),
    );
  const stateIds = states.map((st) => st.id);
  if (stateIds.length === 0) return;
  const citySlugs = DEMO_STATES.flatMap((st) => st.cities.map((c) => c.slug));
  await db
    .delete(editions)
    .where(
      and(
        eq(editions.kind, 'city'),
        inArray(editions.parentId, stateIds),
        inArray(editions.slug, citySlugs),
        unused,
      ),
    );
  await db.delete(editions).where(and(inArray(editions.id, stateIds), unused));
}

/** Demo tags on no story, demo readers, and demo writers with no story left. */
async function removeDemoPeopleAndTags(db: Db) {
  const names = [...new Set(Object.values(DEMO_TAGS).flat())];
  await db
    .delete(tags)
    .where(
      and(
        inArray(tags.name, names),
        notExists(db.select().from(articleTags).where(eq(articleTags.tagId, tags.id))),
      ),
    );
  await db.delete(users).where(
    inArray(
      users.email,
      DEMO_READERS.map((r) => r.email),
    ),
  );
  await db.delete(users).where(
    and(
      inArray(
        users.email,
        DEMO_AUTHORS.map((a) => a.email),
      ),
      notExists(db.select().from(articles).where(eq(articles.authorId, users.id))),
    ),
  );
}

/** The same links, whatever order the stored JSON keeps its keys in. */
const sameLinks = (a: object | undefined, b: object) =>
  a !== undefined &&
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Empties the contact details, map and social links an administrator left as the demo's. */
async function removeDemoSettings(db: Db, demo: DemoSettings) {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) return;
  const data = { ...row.data };
  for (const key of ['contactEmail', 'contactAddress', 'mapLocation'] as const)
    if (data[key] === demo[key]) data[key] = '';
  if (sameLinks(data.social, demo.social)) delete data.social;
  await db.update(siteSettings).set({ data }).where(eq(siteSettings.id, 1));
}

/**
 * Removes every piece of demo content (demo-marks.ts says how each is known) in one
 * transaction, and nothing else: a story, category, tag or writer of the site's own stays.
 */
export function removeDemoContent(db: Db, demo: DemoSettings): Promise<RemoveResult> {
  return transaction(db, async (tx) => {
    await removeDemoRows(tx);
    const removedArticles = await removeDemoStories(tx);
    const removedCategories = await removeDemoCategories(tx);
    await removeDemoEditions(tx);
    await removeDemoPeopleAndTags(tx);
    await removeDemoSettings(tx, demo);
    return { articles: removedArticles, categories: removedCategories };
  });
}
