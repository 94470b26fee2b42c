import { and, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { deliveryCounts, issueColumns } from './recent-issues-repository';
import type { Db } from '../../../db/client';
import { amongPicked } from '../../../db/picked';
import {
  newsletterDeliveries,
  newsletterIssueArticles,
  newsletterIssues,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '../../../db/schema/newsletters';

/*
 * The send queue (issue 37 item 4): one row per issue and recipient. A sender leases a batch
 * (`FOR UPDATE SKIP LOCKED`, so two senders never take the same rows), sends it, and marks each
 * row; a sender that dies leaves its batch to the next once the lease runs out.
 */

/**
 * Makes an issue with the stories it carries, and queues it for every confirmed, unbounced
 * subscriber, in one transaction.
 */
export async function insertIssue(
  db: Db,
  issue: {
    id: string;
    newsletterId: string;
    subject: string;
    html: string;
    text: string;
    now: Date;
    articleIds: string[];
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterIssues)
      .values({
        id: issue.id,
        newsletterId: issue.newsletterId,
        subject: issue.subject,
        html: issue.html,
        text: issue.text,
        createdAt: issue.now,
      })
      .returning({ id: newsletterIssues.id });
    const id = row!.id;
    if (issue.articleIds.length > 0)
      await tx
        .insert(newsletterIssueArticles)
        .values(
          issue.articleIds.map((articleId, position) => ({ issueId: id, articleId, position })),
        );
    await tx.execute(sql`
      INSERT INTO ${newsletterDeliveries} (issue_id, subscriber_id, next_at)
      SELECT ${id}, s.subscriber_id, ${issue.now}
      FROM ${newsletterSubscriptions} s
      JOIN ${newsletterSubscribers} p ON p.id = s.subscriber_id
      WHERE s.newsletter_id = ${issue.newsletterId} AND s.status = 'subscribed'
        AND p.bounced_at IS NULL`);
    const [n] = await tx
      .select({ n: count() })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, id));
    await tx
      .update(newsletterIssues)
      .set({ recipients: Number(n?.n ?? 0) })
      .where(eq(newsletterIssues.id, id));
    return id;
  });
}

export async function findIssue(db: Db, id: string) {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  return row;
}

/**
 * Leases up to `limit` due rows of an issue with their addresses and whether they still get it.
 * Both halves are kept cheap as the queue is long (issue 37 item 7: 100,000 rows):
 * - the rows are picked in the due index's order (pending rows only): in subscriber order the
 *   scan went through the primary key past every row already sent (45 ms a lease at half of
 *   100,000 on PostgreSQL, 0.07 ms this way);
 * - the update finds the picked rows by their key alone. With the due conditions repeated
 *   there, the embedded engine (no statistics: PGlite runs no autovacuum) scanned the due index
 *   for them, every pending row: 45 ms a lease at the start of a 100,000-row issue, 1 ms
 *   without. The pick has locked them (FOR UPDATE), so nothing changes them in between.
 */
export async function leaseDeliveries(
  db: Db,
  opts: { issueId: string; newsletterId: string; now: Date; until: Date; limit: number },
) {
  const free = or(
    isNull(newsletterDeliveries.leasedUntil),
    lt(newsletterDeliveries.leasedUntil, opts.now),
  );
  const due = and(
    eq(newsletterDeliveries.issueId, opts.issueId),
    eq(newsletterDeliveries.status, 'pending'),
    lte(newsletterDeliveries.nextAt, opts.now),
    free,
  );
  const picked = db
    .select({ id: newsletterDeliveries.subscriberId })
    .from(newsletterDeliveries)
    .where(due)
    .orderBy(newsletterDeliveries.nextAt)
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(newsletterDeliveries)
    .set({ leasedUntil: opts.until, attempts: sql`${newsletterDeliveries.attempts} + 1` })
    .where(
      and(
        eq(newsletterDeliveries.issueId, opts.issueId),
        amongPicked(newsletterDeliveries.subscriberId, picked),
      ),
    )
    .returning({
      subscriberId: newsletterDeliveries.subscriberId,
      attempts: newsletterDeliveries.attempts,
    });
  if (leased.length === 0) return [];
  const people = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      bouncedAt: newsletterSubscribers.bouncedAt,
      status: newsletterSubscriptions.status,
    })
    .from(newsletterSubscribers)
    .leftJoin(
      newsletterSubscriptions,
      and(
        eq(newsletterSubscriptions.subscriberId, newsletterSubscribers.id),
        eq(newsletterSubscriptions.newsletterId, opts.newsletterId),
      ),
    )
    .where(
      inArray(
        newsletterSubscribers.id,
        leased.map((l) => l.subscriberId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return leased.map((l) => {
    const person = byId.get(l.subscriberId);
    return {
      subscriberId: l.subscriberId,
      attempts: l.attempts,
      email: person?.email ?? '',
      wanted: person !== undefined && person.bouncedAt === null && person.status === 'subscribed',
    };
  });
}

const row = (issueId: string, subscriberId: string) =>
  and(
    eq(newsletterDeliveries.issueId, issueId),
    eq(newsletterDeliveries.subscriberId, subscriberId),
  );

export async function markDelivery(
  db: Db,
  issueId: string,
  subscriberId: string,
  change: { status: 'sent' | 'failed' | 'skipped'; now: Date } | { retryAt: Date },
) {
  if ('retryAt' in change) {
    await db
      .update(newsletterDeliveries)
      .set({ nextAt: change.retryAt, leasedUntil: null })
      .where(row(issueId, subscriberId));
    return;
  }
  await db
    .update(newsletterDeliveries)
    .set({
      status: change.status,
      leasedUntil: null,
      sentAt: change.status === 'sent' ? change.now : null,
    })
    .where(row(issueId, subscriberId));
}

/** Marks the rows of a batch whose messages the server took, in one statement. */
export async function markSent(db: Db, issueId: string, subscriberIds: string[], now: Date) {
  if (subscriberIds.length === 0) return;
  await db
    .update(newsletterDeliveries)
    .set({ status: 'sent', leasedUntil: null, sentAt: now })
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        inArray(newsletterDeliveries.subscriberId, subscriberIds),
      ),
    );
}

export async function markBounced(db: Db, subscriberId: string, now: Date) {
  await db
    .update(newsletterSubscribers)
    .set({ bouncedAt: now })
    .where(eq(newsletterSubscribers.id, subscriberId));
}

/** Whether any row of the issue is still to go; when none is, the issue is marked sent. */
export async function settleIssue(
  db: Db,
  issueId: string,
  now: Date,
): Promise<{ pending: true } | { pending: false; finished?: { sent: number; failed: number } }> {
  // Whether one row is pending, not how many: counting them each run read the whole queue.
  const left = await db
    .select({ one: sql`1` })
    .from(newsletterDeliveries)
    .where(
      and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, 'pending')),
    )
    .limit(1);
  if (left.length > 0) return { pending: true };
  const marked = await db
    .update(newsletterIssues)
    .set({ sentAt: now })
    .where(and(eq(newsletterIssues.id, issueId), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id });
  // Only the sender that marks the issue sent says so: a second sender's settle finds it marked.
  if (marked.length === 0) return { pending: false };
  const counts = await db
    .select({ status: newsletterDeliveries.status, n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId))
    .groupBy(newsletterDeliveries.status);
  const of = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return { pending: false, finished: { sent: of('sent'), failed: of('failed') } };
}

/**
 * When the issue's next pending row may be leased: the earliest of its rows' retry times, or
 * lease ends for rows another sender (perhaps a dead one) holds; undefined when none is pending.
 */
export async function nextDueAt(db: Db, issueId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({
      at: sql<
        string | null
      >`min(greatest(${newsletterDeliveries.nextAt}, coalesce(${newsletterDeliveries.leasedUntil}, ${newsletterDeliveries.nextAt})))`,
    })
    .from(newsletterDeliveries)
    .where(
      and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, 'pending')),
    );
  return row?.at ? new Date(row.at) : undefined;
}

/**
 * The stories the issues carried, each with its window: from its issue's making until the next
 * issue (of any newsletter) that carried it again, which then has its views.
 */
export async function storyWindows(db: Db, issueIds: string[]) {
  if (issueIds.length === 0) return [];
  const later = db
    .select({ at: sql`min(j.created_at)` })
    .from(sql`${newsletterIssueArticles} ja JOIN ${newsletterIssues} j ON j.id = ja.issue_id`)
    .where(
      sql`ja.article_id = ${newsletterIssueArticles.articleId}
        AND (j.created_at, j.id) > (${newsletterIssues.createdAt}, ${newsletterIssues.id})`,
    );
  const rows = await db
    .select({
      issueId: newsletterIssueArticles.issueId,
      articleId: newsletterIssueArticles.articleId,
      since: newsletterIssues.createdAt,
      until: sql<string | null>`(${later})`,
    })
    .from(newsletterIssueArticles)
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterIssueArticles.issueId))
    .where(inArray(newsletterIssueArticles.issueId, issueIds));
  return rows.map((r) => ({ ...r, until: r.until ? new Date(r.until) : null }));
}

/** The issues of a newsletter, newest first, with how their sending goes. */
export async function issuesOf(db: Db, newsletterId: string) {
  const issues = await db
    .select(issueColumns)
    .from(newsletterIssues)
    .where(eq(newsletterIssues.newsletterId, newsletterId))
    .orderBy(desc(newsletterIssues.createdAt));
  const counts = await deliveryCounts(
    db,
    issues.map((i) => i.id),
  );
  return issues.map((issue) => ({ ...issue, ...counts(issue.id) }));
}
