/*
 * One message of a newsletter issue to one reader (newsletter-sending.ts leases the rows): the
 * issue with the reader's own links and one-click unsubscribe, then the row's mark.
 */
import { MANAGE_PLACEHOLDER, managePath, manageToken } from './newsletter-links';
import {
  type leaseDeliveries,
  markBounced,
  markDelivery,
  type findIssue,
} from './newsletter-queue-repository';
import type { NewsletterRow } from './newsletters-repository';
import type { NewslettersDeps } from './newsletters-deps';

/** Attempts a temporary refusal is tried again before the row fails. */
const MAX_ATTEMPTS = 8;
const ONE_CLICK_POST = 'List-Unsubscribe=One-Click';

/** Sending one leased row: the message with its reader's links, then its mark. */
export function delivery(deps: NewslettersDeps) {
  const { db, clock, mail, linkKey } = deps;
  /** One message: the issue with this reader's preferences and one-click addresses. */
  async function deliverOne(
    issue: NonNullable<Awaited<ReturnType<typeof findIssue>>>,
    newsletter: NewsletterRow,
    to: { subscriberId: string; email: string },
  ) {
    const site = await mail.site();
    const manage = new URL(
      managePath(manageToken(linkKey, to.subscriberId)),
      site.publicUrl,
    ).toString();
    const host = new URL(site.publicUrl).hostname;
    return mail.mailer.deliver({
      to: to.email,
      subject: issue.subject,
      text: issue.text.replaceAll(MANAGE_PLACEHOLDER, manage),
      html: issue.html.replaceAll(MANAGE_PLACEHOLDER, manage),
      language: newsletter.language,
      fromName: site.name,
      kind: 'newsletter',
      headers: {
        'List-Unsubscribe': `<${manage}>, <mailto:unsubscribe@${host}?subject=unsubscribe-${to.subscriberId}>`,
        'List-Unsubscribe-Post': ONE_CLICK_POST,
        'List-Id': `${newsletter.name.replace(/[<>"]/g, '')} <${newsletter.slug}.${host}>`,
      },
    });
  }

  /**
   * One leased row: sent (its subscriber's id answered, for the batch's mark), skipped, retried
   * later, or failed (and its address bounced).
   */
  async function sendOne(
    issue: NonNullable<Awaited<ReturnType<typeof findIssue>>>,
    newsletter: NewsletterRow,
    one: Awaited<ReturnType<typeof leaseDeliveries>>[number],
  ) {
    const mark = (change: Parameters<typeof markDelivery>[3]) =>
      markDelivery(db, issue.id, one.subscriberId, change);
    if (!one.wanted) return mark({ status: 'skipped', now: clock.now() });
    const outcome = await deliverOne(issue, newsletter, one);
    // Sent rows are marked together once the batch is through (markSent): one statement.
    if (outcome === 'sent') return one.subscriberId;
    if (outcome === 'permanent' || one.attempts >= MAX_ATTEMPTS) {
      if (outcome === 'permanent') await markBounced(db, one.subscriberId, clock.now());
      return mark({ status: 'failed', now: clock.now() });
    }
    const backoff = Math.min(2 ** one.attempts * 1000, 600_000);
    return mark({ retryAt: new Date(clock.now().getTime() + backoff) });
  }

  return { sendOne };
}
