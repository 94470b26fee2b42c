/*
 * Subscribing (issue 37 item 3): double opt-in by a mailed link; a signed-in reader subscribes
 * at once with their account's address only when a mailed link proved it (issue 66 item 8); a
 * one-click POST (RFC 8058) or the preferences page ends it without a sign-in.
 */
import { CONSENT_TEXT_VERSION } from '../../../common/consent';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest } from '../../lib/errors';
import { mailboxOf } from '../../lib/mailbox-key';
import {
  activeNewsletters,
  confirmByToken,
  findSubscriber,
  forgetAddress,
  requestSubscriptions,
  storedLinkKeys,
  subscriberOf,
  subscriptionsOf,
  unsubscribe,
} from './newsletters-repository';
import {
  confirmPath,
  isManageToken,
  newConfirmToken,
  subscriberOfToken,
  tokenHash,
} from './newsletter-links';
import { confirmationMail } from './newsletter-texts';
import type { NewslettersDeps } from './newsletters-deps';

/** How long a confirmation link works. */
export const CONFIRM_LIFETIME_MS = 7 * 24 * 3600_000;
/**
 * Confirmation mails one mailbox (mailbox.ts: `+tag`s folded) gets in an hour, from every client
 * and process together (the `rate_limits` table): past it, nothing is stored or sent and the
 * answer is the same, so a stranger cannot flood someone's inbox from many addresses.
 */
export const CONFIRMATIONS_PER_MAILBOX_HOUR = 3;
const HOUR_MS = 3600_000;

export function newsletterSubscriptions(deps: NewslettersDeps) {
  const { db, clock, mail, linkKey, consents, rateLimits } = deps;
  /** The consent a subscription rests on (common/consent.ts): the form, the text's version. */
  const consented = (email: string, form: 'subscribe' | 'confirm', userId?: string) =>
    consents.record([
      { email, userId, purpose: 'newsletter', form, textVersion: CONSENT_TEXT_VERSION },
    ]);
  /**
   * The subscriber a preferences link names: signed with this site's key, or with the key of a
   * site this one was moved from (issues mailed there before the move), read only then.
   */
  const subscriberOfLink = async (token: string) =>
    subscriberOfToken([linkKey], token) ??
    (isManageToken(token)
      ? subscriberOfToken(await storedLinkKeys(db, { own: false }), token)
      : undefined);
  const known = async (ids: string[]) => {
    const active = new Set((await activeNewsletters(db)).map((n) => n.id));
    if (!ids.every((id) => active.has(id))) throw badRequest('newsletter.unknown');
  };
  return {
    /**
     * Answers the same whatever the address: a confirmation goes to it (at most
     * CONFIRMATIONS_PER_MAILBOX_HOUR an hour), unless the signed-in reader asked for their own
     * proved address, which subscribes at once.
     */
    async subscribe(actor: Actor | null, input: { email: string; newsletters: string[] }) {
      await known(input.newsletters);
      const now = clock.now();
      // An address the account never proved is anyone's to type in: it gets the mail too.
      const own = actor !== null && actor.emailConfirmed === true && actor.email === input.email;
      const checkMail = { message: 'Check your e-mail to confirm.', subscribed: false };
      if (!own) {
        const key = `newsletter-confirm:${mailboxOf(input.email)}`;
        const sent = await rateLimits.increment(key, HOUR_MS);
        if (sent.current > CONFIRMATIONS_PER_MAILBOX_HOUR) return checkMail;
      }
      const subscriber = await subscriberOf(db, input.email, own ? actor.id : undefined);
      if (own) {
        await requestSubscriptions(db, {
          subscriberId: subscriber.id,
          newsletterIds: input.newsletters,
          now,
          confirmed: true,
        });
        await consented(input.email, 'subscribe', actor.id);
        return { message: 'Subscribed.', subscribed: true };
      }
      const token = newConfirmToken();
      await requestSubscriptions(db, {
        subscriberId: subscriber.id,
        newsletterIds: input.newsletters,
        now,
        confirmed: false,
        tokenHash: tokenHash(token),
        expiresAt: new Date(now.getTime() + CONFIRM_LIFETIME_MS),
      });
      mail.mailer.sendLater(confirmationMail(await mail.site(), input.email, confirmPath(token)));
      return checkMail;
    },

    /** The subscriber a confirmation link confirmed, or undefined for a bad or used link. */
    async confirm(token: string) {
      const id = await confirmByToken(db, tokenHash(token), clock.now());
      const subscriber = id ? await findSubscriber(db, id) : undefined;
      if (subscriber) await consented(subscriber.email, 'confirm', subscriber.userId ?? undefined);
      return id;
    },

    /** What a preferences link shows: the address and its subscriptions. */
    async preferences(token: string) {
      const id = await subscriberOfLink(token);
      const subscriber = id ? await findSubscriber(db, id) : undefined;
      if (!subscriber) return undefined;
      return { email: subscriber.email, subscriptions: await subscriptionsOf(db, subscriber.id) };
    },

    /** One click, no sign-in: every subscription of the address ends (RFC 8058). */
    async unsubscribeByToken(token: string, ids?: string[]): Promise<boolean> {
      const id = await subscriberOfLink(token);
      if (!id || !(await findSubscriber(db, id))) return false;
      await unsubscribe(db, id, clock.now(), ids);
      return true;
    },

    /**
     * No more mail to this address (a deleted account, issue 37 item 6): its subscriber row
     * goes, and with it its subscriptions and every delivery still queued for it.
     */
    forgetAddress: (email: string) => forgetAddress(db, email),

    /** A signed-in reader's subscriptions (their page, their export). */
    async mine(actor: Actor | null) {
      const me = requireRole(actor, 'reader');
      const subscriber = await subscriberOf(db, me.email, me.id);
      return subscriptionsOf(db, subscriber.id);
    },
  };
}
