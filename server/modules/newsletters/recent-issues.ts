/* The dashboard's newsletter issues (issue 37 item 3): the newest of all, as they go out. */
import { RECENT_ISSUES, type RecentIssue } from '../../../common/schemas/newsletters';
import { requireRole, type Actor } from '../../lib/actor';
import type { NewslettersDeps } from './newsletters-deps';
import { recentIssues } from './recent-issues-repository';

/** An issue as the back office lists it: what it is, and how its sending goes. */
export const issueSummary = (i: {
  id: string;
  subject: string;
  sentAt: Date | null;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
}) => ({
  _id: i.id,
  subject: i.subject,
  sentAt: i.sentAt?.toISOString() ?? null,
  recipients: i.recipients,
  sent: i.sent,
  failed: i.failed,
  pending: i.pending,
});

export function recentIssueReports({ db }: Pick<NewslettersDeps, 'db'>) {
  return {
    /** The newest issues of every newsletter, newest first (editors and up). */
    async recentIssues(actor: Actor | null): Promise<RecentIssue[]> {
      requireRole(actor, 'editor');
      return (await recentIssues(db, RECENT_ISSUES)).map((i) => ({
        ...issueSummary(i),
        newsletter: { _id: i.newsletterId, name: i.newsletterName, slug: i.newsletterSlug },
      }));
    },
  };
}
