import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { breakingNews } from '../schema/breaking';
import { comments } from '../schema/comments';
import { articles } from '../schema/content';
import { articleCorrections } from '../schema/corrections';
import { liveEntries } from '../schema/live';
import { newsletterIssueArticles, newsletterIssues, newsletters } from '../schema/newsletters';
import { plans } from '../schema/payments';
import { users } from '../schema/users';
import { DEMO_IDS, DEMO_READERS, DEMO_STORY } from './demo-marks';

/*
 * The rest of the demo (issue 72 item 5): what each wave-4 screen shows on a newcomer's site.
 * Every row has a fixed id (demo-marks.ts), so it is known as demo content, made once (a second
 * run meets the id and leaves the row alone) and removed in one step (demo-remove.ts).
 */

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The demo stories' ids by slug. */
async function storyIds(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: articles.id, slug: articles.slug })
    .from(articles)
    .where(inArray(articles.slug, Object.values(DEMO_STORY).flat()));
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Two readers who comment; no password: nobody signs in as them. */
async function seedReaders(db: Db, now: Date): Promise<string[]> {
  await db
    .insert(users)
    .values(
      DEMO_READERS.map((r) => ({
        ...r,
        passwordHash: null,
        role: 'reader' as const,
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_READERS.map((r) => r.email),
      ),
    );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return DEMO_READERS.flatMap((r) => (byEmail.has(r.email) ? [byEmail.get(r.email)!] : []));
}

async function seedComments(db: Db, story: Map<string, string>, readers: string[], now: Date) {
  const [asha, vikram] = readers;
  const on = (slug: string) => story.get(slug);
  const rows = [
    {
      id: DEMO_IDS.comments[0],
      articleId: on(DEMO_STORY.commented[0]),
      authorId: asha,
      body: 'Useful reminders. We keep a bottle on every desk at home now.',
      status: 'approved' as const,
      createdAt: new Date(now.getTime() - 5 * HOUR_MS),
    },
    {
      id: DEMO_IDS.comments[1],
      articleId: on(DEMO_STORY.commented[0]),
      authorId: vikram,
      body: 'Coconut water counts too, my doctor says.',
      status: 'approved' as const,
      createdAt: new Date(now.getTime() - 3 * HOUR_MS),
    },
    {
      id: DEMO_IDS.comments[2],
      articleId: on(DEMO_STORY.commented[1]),
      authorId: vikram,
      body: 'हमारे मोहल्ले में भी यही सलाह दी गई। बहुत काम का लेख।',
      status: 'approved' as const,
      createdAt: new Date(now.getTime() - 2 * HOUR_MS),
    },
    {
      // Held for a moderator: the queue has one to decide on.
      id: DEMO_IDS.comments[3],
      articleId: on(DEMO_STORY.commented[2]),
      authorId: asha,
      body: 'Great piece! More tips for curious kids at https://example.com/kids',
      status: 'pending' as const,
      reason: 'links' as const,
      createdAt: new Date(now.getTime() - HOUR_MS),
    },
  ].filter((c): c is typeof c & { articleId: string } => c.articleId !== undefined);
  if (rows.length > 0) await db.insert(comments).values(rows).onConflictDoNothing();
}

const LIVE_UPDATES = [
  '<p>The weather office says the monsoon has reached the Kerala coast, a day ahead of its usual date.</p>',
  '<p>Heavy rain in Kochi this morning; the airport reports short delays.</p>',
  '<p>Fishermen are asked not to go out to sea for the next 48 hours.</p>',
  '<p>The next update on the monsoon’s progress northwards is due in the evening.</p>',
];

async function seedLiveBlog(db: Db, articleId: string | undefined, now: Date) {
  if (!articleId) return;
  const startedAt = new Date(now.getTime() - 4 * HOUR_MS);
  await db
    .update(articles)
    .set({ liveBlog: true, liveStartedAt: startedAt })
    .where(eq(articles.id, articleId));
  await db
    .insert(liveEntries)
    .values(
      LIVE_UPDATES.map((body, i) => {
        const at = new Date(startedAt.getTime() + i * 50 * MINUTE_MS);
        return {
          id: DEMO_IDS.live[i]!,
          articleId,
          body,
          pinned: i === 0,
          keyEvent: i === 0,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .onConflictDoNothing();
  // The band links to the live blog and leaves by itself after a day.
  await db
    .insert(breakingNews)
    .values({
      id: DEMO_IDS.breaking,
      text: 'Monsoon reaches Kerala a day early: live updates',
      articleId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * HOUR_MS),
    })
    .onConflictDoNothing();
}

async function seedNewsletter(db: Db, story: Map<string, string>, now: Date) {
  await db
    .insert(newsletters)
    .values({
      id: DEMO_IDS.newsletter,
      slug: 'daily-briefing',
      name: 'The Daily Briefing',
      description: 'The day’s stories, every morning at seven.',
      language: 'en',
      schedule: { kind: 'daily', time: '07:00' },
      maxArticles: 5,
      coveredUntil: now,
      createdAt: new Date(now.getTime() - 2 * 24 * HOUR_MS),
    })
    .onConflictDoNothing();
  const carried = DEMO_STORY.newsletter.flatMap((slug) => story.get(slug) ?? []);
  const sentAt = new Date(now.getTime() - 18 * HOUR_MS);
  const items = DEMO_STORY.newsletter.map((slug) => `<li>${slug.replaceAll('-', ' ')}</li>`);
  const made = await db
    .insert(newsletterIssues)
    .values({
      id: DEMO_IDS.newsletterIssue,
      newsletterId: DEMO_IDS.newsletter,
      subject: 'The Daily Briefing: this morning’s stories',
      html: `<h1>The Daily Briefing</h1><ul>${items.join('')}</ul>`,
      text: `The Daily Briefing\n\n${DEMO_STORY.newsletter.join('\n')}`,
      recipients: 0,
      createdAt: sentAt,
      sentAt,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterIssues.id });
  if (made.length > 0 && carried.length > 0)
    await db
      .insert(newsletterIssueArticles)
      .values(carried.map((articleId, position) => ({ issueId: made[0]!.id, articleId, position })))
      .onConflictDoNothing();
}

/** A plan readers can see (no provider plan yet: checkout asks for one) and a story for members. */
async function seedMembership(db: Db, story: Map<string, string>, now: Date) {
  await db
    .insert(plans)
    .values({
      id: DEMO_IDS.plan,
      name: 'Supporter',
      interval: 'month',
      amount: 9900,
      currency: 'INR',
      access: 'members',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const membersOnly = story.get(DEMO_STORY.membersOnly);
  if (membersOnly)
    await db.update(articles).set({ access: 'members' }).where(eq(articles.id, membersOnly));
}

async function seedCorrections(db: Db, articleId: string | undefined, now: Date) {
  if (!articleId) return;
  await db
    .insert(articleCorrections)
    .values([
      {
        id: DEMO_IDS.corrections[0],
        articleId,
        note: 'An earlier version said blue light has the longest wavelength; it has one of the shortest.',
        createdAt: new Date(now.getTime() - 2 * 24 * HOUR_MS),
      },
      {
        id: DEMO_IDS.corrections[1],
        articleId,
        note: 'The name of the physicist, Lord Rayleigh, was misspelt.',
        createdAt: new Date(now.getTime() - 24 * HOUR_MS),
      },
    ])
    .onConflictDoNothing();
}

/**
 * The newsletter and its sent issue, the plan and a members-only story, comments (one held),
 * a live blog with its band, and corrections; on the demo stories, which must be there.
 */
export async function seedDemoExtras(db: Db, now: Date): Promise<void> {
  const story = await storyIds(db);
  const readers = await seedReaders(db, now);
  await seedComments(db, story, readers, now);
  await seedLiveBlog(db, story.get(DEMO_STORY.liveBlog), now);
  await seedNewsletter(db, story, now);
  await seedMembership(db, story, now);
  await seedCorrections(db, story.get(DEMO_STORY.corrected), now);
}
