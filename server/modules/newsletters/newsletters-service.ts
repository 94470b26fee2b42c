/*
 * The newsletters module (issue 37 items 3 and 4, docs/decisions/055): newsletters, subscribers
 * with double opt-in and one-click unsubscribe, issues and their send queue.
 */
import { newsletterAdmin } from './newsletter-admin';
import { newsletterDigests } from './newsletter-digests';
import { issueReports } from './newsletter-issue-reports';
import { newsletterSending } from './newsletter-sending';
import { newsletterSubscriptions } from './newsletter-subscriptions';
import { recentIssueReports } from './recent-issues';
import { subscriberLists } from './subscriber-lists';
import type { NewslettersDeps } from './newsletters-deps';
import { pageTextsFor } from './newsletter-texts';

export function createNewslettersService(deps: NewslettersDeps) {
  const sending = newsletterSending(deps);
  const digests = newsletterDigests(deps, sending.sendDigest);
  return {
    ...newsletterAdmin(deps, digests),
    ...newsletterSubscriptions(deps),
    ...sending,
    ...issueReports(deps),
    ...recentIssueReports(deps),
    /** What the confirm and preferences pages say, in the site's language (and which it is). */
    async pageTexts() {
      const { language } = await deps.mail.site();
      return { language, says: pageTextsFor(language) };
    },
    ...subscriberLists(deps),
  };
}
export type NewslettersService = ReturnType<typeof createNewslettersService>;
