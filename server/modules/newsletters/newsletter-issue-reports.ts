/*
 * The issues of a newsletter as the desk sees them (issue 37 item 3; issue 38 item 4): how
 * their sending goes, the views they brought, and each one's web page.
 */
import { UUID_PATTERN } from '../../../common/schemas/common';
import { requireRole, type Actor } from '../../lib/actor';
import { MANAGE_PLACEHOLDER } from './newsletter-links';
import { findIssue, issuesOf, storyWindows } from './newsletter-queue-repository';
import { newsletterBySlug } from './newsletters-repository';
import { issueSummary } from './recent-issues';
import type { NewslettersDeps } from './newsletters-deps';

/** The issues of a newsletter and how their sending goes (the dashboard's). */
export function issueReports(deps: Pick<NewslettersDeps, 'db' | 'viewsBrought'>) {
  const { db } = deps;
  return {
    /**
     * An issue's web page (`/newsletters/{slug}/{issueId}`): the mail as everyone got it, its
     * preferences link leading to the site instead of to one reader's settings; undefined for
     * an issue not of that newsletter, or not yet sent.
     */
    async webIssue(slug: string, issueId: string, home: string) {
      const newsletter = await newsletterBySlug(db, slug);
      const issue = UUID_PATTERN.test(issueId) ? await findIssue(db, issueId) : undefined;
      if (!newsletter || !issue || issue.newsletterId !== newsletter.id) return undefined;
      return {
        language: newsletter.language,
        html: issue.html.replaceAll(MANAGE_PLACEHOLDER, home),
      };
    },

    async issues(actor: Actor | null, newsletterId: string) {
      requireRole(actor, 'editor');
      const issues = await issuesOf(db, newsletterId);
      const views = await viewsOf(
        deps,
        issues.map((i) => i.id),
      );
      return issues.map((i) => ({ ...issueSummary(i), views: views.get(i.id) ?? 0 }));
    },
  };
}

/** The views each issue brought: its stories' from newsletter readers, each in its window. */
async function viewsOf(
  { db, viewsBrought }: Pick<NewslettersDeps, 'db' | 'viewsBrought'>,
  issueIds: string[],
) {
  const totals = new Map<string, number>();
  if (!viewsBrought) return totals;
  const windows = await storyWindows(db, issueIds);
  const views = await viewsBrought(windows);
  windows.forEach((w, i) => totals.set(w.issueId, (totals.get(w.issueId) ?? 0) + (views[i] ?? 0)));
  return totals;
}
