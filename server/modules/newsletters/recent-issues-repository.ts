import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletters,
} from '../../../db/schema/newsletters';

/*
 * The newest issues of every newsletter, archived ones too, with how their sending goes: the
 * dashboard's view of what is going out (issue 37 item 3). Issues are few (one a day or a
 * week per newsletter), so the newest `limit` are read by a sort, not by an index.
 */
export async function recentIssues(db: Db, limit: number) {
  const issues = await db
    .select({
      ...issueColumns,
      newsletterId: newsletters.id,
      newsletterName: newsletters.name,
      newsletterSlug: newsletters.slug,
    })
    .from(newsletterIssues)
    .innerJoin(newsletters, eq(newsletters.id, newsletterIssues.newsletterId))
    .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
    .limit(limit);
  const counts = await deliveryCounts(
    db,
    issues.map((i) => i.id),
  );
  return issues.map((issue) => ({ ...issue, ...counts(issue.id) }));
}

/** What a list of issues shows of each. */
export const issueColumns = {
  id: newsletterIssues.id,
  subject: newsletterIssues.subject,
  sentAt: newsletterIssues.sentAt,
  recipients: newsletterIssues.recipients,
};

/** How many of each issue's rows were sent, failed, or wait: one grouped read for all of them. */
export async function deliveryCounts(db: Db, issueIds: string[]) {
  const rows =
    issueIds.length === 0
      ? []
      : await db
          .select({
            issueId: newsletterDeliveries.issueId,
            status: newsletterDeliveries.status,
            n: count(),
          })
          .from(newsletterDeliveries)
          .where(inArray(newsletterDeliveries.issueId, issueIds))
          .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status);
  return (issueId: string) => {
    const of = (status: string) =>
      Number(rows.find((r) => r.issueId === issueId && r.status === status)?.n ?? 0);
    return { sent: of('sent'), failed: of('failed'), pending: of('pending') };
  };
}
