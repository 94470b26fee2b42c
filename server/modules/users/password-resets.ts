/*
 * Password resets by mail, and the warning to an account's owner when sign-in to it is paused
 * (issue 26 item 8, issue 24): a link as account-links.ts makes one, kept as its SHA-256, used
 * once, until it expires.
 */
import { resetPath } from '../../../common/paths';
import { type LinkState, type UserInfo } from '../../../common/schemas/users';
import type { TwoFactorChallenge } from '../../../common/schemas/second-factors';
import { gone, notFound, notice, type Notice } from '../../lib/errors';
import { mailTextsFor, type MailSite } from '../../lib/mail-texts';
import type { MailMessage } from '../../lib/mail';
import { findUserWithHashByEmail, type UserRow } from './users-repository';
import {
  findPasswordReset,
  insertPasswordReset,
  usePasswordReset,
} from './account-links-repository';
import type { SessionClient } from './users-deps';
import {
  type AccountLinkDeps,
  digest,
  lookup,
  newToken,
  RESET_MINUTES,
  stateOf,
} from './account-links';

/** Refuses a reset link that is unknown (404), used or expired (410). */
async function resetLinkIsOpen({ db, clock }: AccountLinkDeps, token: string) {
  const row = await lookup(token, (h) => findPasswordReset(db, h));
  const state = stateOf(row, clock.now(), () => null);
  if (state.state === 'unknown') throw notFound('reset.unknown');
  if (state.state === 'used') throw gone('reset.used');
  if (state.state === 'expired') throw gone('reset.expired');
}

/** Password resets by mail, and the warning when sign-in to an account is paused. */
export function passwordResets(deps: AccountLinkDeps) {
  const { db, clock, mail } = deps;
  /** The mail to the account at `email`, if there is one, saying what `compose` says. */
  const toOwner = async (
    email: string,
    kind: string,
    compose: (
      t: ReturnType<typeof mailTextsFor>,
      site: MailSite,
      user: { id: string; name: string },
    ) => Promise<{ subject: string; text: string }>,
  ): Promise<MailMessage | undefined> => {
    const user = await findUserWithHashByEmail(db, email);
    if (!user) return undefined;
    const site = await mail.site();
    const says = await compose(mailTextsFor(site.language), site, user);
    return { ...says, to: user.email, language: site.language, fromName: site.name, kind };
  };
  /** A new reset link to the account at `email`, if there is one. */
  const mailResetLink = async (email: string) => {
    const message = await toOwner(email, 'password-reset', async (t, site, user) => {
      const token = newToken();
      const now = clock.now();
      await insertPasswordReset(
        db,
        {
          tokenHash: digest(token),
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
        },
        now,
      );
      const url = `${site.publicUrl}${resetPath(token)}`;
      return t.passwordReset({ site: site.name, name: user.name, url, minutes: RESET_MINUTES });
    });
    if (message) await mail.mailer.send(message);
  };
  return {
    /**
     * Someone asks for a reset link: when an account has this address, a one-time link goes to
     * it. The answer is the same either way, so no one learns which addresses have accounts;
     * with `send` false (the route's limit per account), nothing is sent and the answer is too.
     * It is given before anything is looked up: the link and its mail are made off the
     * request's path, so an address with an account takes no longer to answer than one without
     * (issue 44 item 12).
     */
    async requestPasswordReset(
      email: string,
      opts: { send: boolean } = { send: true },
    ): Promise<Notice<'reset.requested' | 'reset.no_mail'>> {
      if (!mail.mailer.enabled) return notice('reset.no_mail');
      if (opts.send) mail.mailer.later(() => mailResetLink(email));
      return notice('reset.requested');
    },

    /** What the reset page shows for this link. */
    async passwordReset(token: string): Promise<LinkState<null>> {
      const row = await lookup(token, (h) => findPasswordReset(db, h));
      return stateOf(row, clock.now(), () => null);
    },

    /**
     * A new password from a reset link: set, every earlier session and every other open link
     * ended, the owner signed in (or, with a second factor, sent on to its step), the link spent. A used or expired link changes nothing (410);
     * so does one whose account got a new password, or ended every session, after it was asked
     * for (it expired then: issue 44 item 2).
     */
    async resetPassword(
      token: string,
      password: string,
      client?: SessionClient,
    ): Promise<{ user: UserRow; answer: UserInfo | TwoFactorChallenge }> {
      const mustBeOpen = () => resetLinkIsOpen(deps, token);
      await mustBeOpen();
      const passwordHash = await deps.hashPassword(password);
      const user = await usePasswordReset(db, digest(token), passwordHash, clock.now());
      if (user) return { user, answer: await deps.sessionOrStep(user, client) };
      // Used or expired while the password was hashed: say which.
      await mustBeOpen();
      throw gone('reset.used');
    },

    /**
     * Sign-in to the account at `email` was just paused for `minutes` (issue 24): its owner
     * hears of it once per pause (the route calls this on the first refused attempt only).
     * Nothing is waited for: the refusal answers at once, whether or not the account exists.
     */
    signInPaused(email: string, minutes: number): void {
      mail.mailer.later(async () => {
        const message = await toOwner(email, 'sign-in-paused', async (t, site, user) =>
          t.signInLocked({
            site: site.name,
            name: user.name,
            minutes,
            resetUrl: `${site.publicUrl}${resetPath()}`,
          }),
        );
        if (message) await mail.mailer.send(message);
      });
    },
  };
}
