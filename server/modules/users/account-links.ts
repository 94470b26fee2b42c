/*
 * E-mail that brings people in (issue 26 item 8, DECISIONS.md §18): invitations to the staff,
 * password resets, and the warning to an account's owner when sign-in to it is paused (issue
 * 24). A link carries 32 random bytes; the database keeps only their SHA-256, so neither the
 * table nor a backup holds a usable link, and no log line names one. A link works once, until
 * it expires. Mail is handed to the mailer and never waited for (server/lib/mail.ts); without
 * SMTP_URL an invitation answers its link for the administrator to pass on, and a reset
 * cannot be asked for by mail (an administrator sets the password instead).
 */
import { createHash, randomBytes } from 'node:crypto';
import { invitePath, resetPath } from '../../../common/paths';
import {
  LINK_TOKEN_PATTERN,
  type Invitation,
  type InvitationInput,
  type InvitationSent,
  type LinkState,
  type UserInfo,
} from '../../../common/schemas/users';
import type { Role } from '../../../common/roles';
import type { TwoFactorChallenge } from '../../../common/schemas/second-factors';
import { requireRole, type Actor } from '../../lib/actor';
import { englishOf } from '../../../common/refusals/catalogue';
import { conflict, gone, notFound, notice, type Notice } from '../../lib/errors';
import { mailTextsFor, type MailSite } from '../../lib/mail-texts';
import type { MailMessage } from '../../lib/mail';
import { findUserWithHashByEmail, type UserRow } from './users-repository';
import {
  acceptInvitation,
  findInvitation,
  findPasswordReset,
  insertInvitation,
  insertPasswordReset,
  listOpenInvitations,
  usePasswordReset,
} from './account-links-repository';
import type { AccountMail, SessionClient, UsersDeps } from './users-deps';

export type { AccountMail } from './users-deps';

/** An invitation's link works this long (issue 26 item 8). */
export const INVITATION_DAYS = 7;
/** A password-reset link works this long: long enough to find the mail, short if it leaks. */
export const RESET_MINUTES = 60;

// The texts the tests compare answers with; each lives in the catalogue (common/refusals).
export const INVITATION_UNKNOWN = englishOf('invitation.unknown');
export const INVITATION_USED = englishOf('invitation.used');
export const INVITATION_EXPIRED = englishOf('invitation.expired');
export const RESET_UNKNOWN = englishOf('reset.unknown');
export const RESET_USED = englishOf('reset.used');
export const RESET_EXPIRED = englishOf('reset.expired');
export const RESET_REQUESTED = englishOf('reset.requested');
export const RESET_WITHOUT_MAIL = englishOf('reset.no_mail');

const newToken = () => randomBytes(32).toString('hex');
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

const toInvitation = (row: {
  id: string;
  email: string;
  name: string;
  role: Role;
  expiresAt: Date;
}): Invitation => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});

/** Where a link stands: open (with what it is for), used, expired, or not ours. */
function stateOf<T>(
  row: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
  value: () => T,
): LinkState<T> {
  if (!row) return { state: 'unknown' };
  if (row.usedAt) return { state: 'used' };
  if (row.expiresAt <= now) return { state: 'expired' };
  return { state: 'open', value: value() };
}

/** A link's token that cannot be ours is not looked up. */
const lookup = <T>(token: string, find: (hash: string) => Promise<T>) =>
  LINK_TOKEN_PATTERN.test(token) ? find(digest(token)) : Promise.resolve(undefined);

export interface AccountLinkDeps extends Pick<UsersDeps, 'db' | 'clock'> {
  mail: AccountMail;
  /** The argon2id hash of a new password (users-service.ts's strength). */
  hashPassword(password: string): Promise<string>;
  /** The session a new account signs in with. */
  signedIn(row: UserRow, client?: SessionClient): Promise<UserInfo>;
  /**
   * What a reset link's new password answers: a session, or the sign-in's second step for a
   * person with a second factor (a link proves the mailbox, not the factor: issue 66 item 3).
   */
  sessionOrStep(row: UserRow, client?: SessionClient): Promise<UserInfo | TwoFactorChallenge>;
}

/** Invitations to the staff: made by administrators, used once by the person invited. */
export function invitations(deps: AccountLinkDeps) {
  const { db, clock, mail } = deps;
  const findOpen = async (token: string) => {
    const row = await lookup(token, (h) => findInvitation(db, h));
    const state = stateOf(row, clock.now(), () => row!);
    if (state.state === 'unknown') throw notFound('invitation.unknown');
    if (state.state === 'used') throw gone('invitation.used');
    if (state.state === 'expired') throw gone('invitation.expired');
    return state.value;
  };
  return {
    /**
     * An administrator invites someone by address, name and role: a new link (any open one for
     * the address dies), mailed to them, or answered for the administrator to pass on when the
     * site sends no mail.
     */
    async invite(actor: Actor | null, input: InvitationInput): Promise<InvitationSent> {
      const admin = requireRole(actor, 'administrator', 'user.invite_forbidden');
      if (await findUserWithHashByEmail(db, input.email))
        throw conflict('user.invited_email_taken');
      const token = newToken();
      const now = clock.now();
      const row = await insertInvitation(db, {
        ...input,
        tokenHash: digest(token),
        invitedBy: admin.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      });
      const site = await mail.site();
      const url = `${site.publicUrl}${invitePath(token)}`;
      if (mail.mailer.enabled) {
        const t = mailTextsFor(site.language);
        const says = t.invitation({
          site: site.name,
          name: row.name,
          role: t.role(row.role),
          by: admin.name,
          url,
        });
        mail.mailer.sendLater({
          ...says,
          to: row.email,
          language: site.language,
          fromName: site.name,
          kind: 'invitation',
        });
      }
      return {
        ...toInvitation(row),
        mailed: mail.mailer.enabled,
        ...(mail.mailer.enabled ? {} : { url }),
      };
    },

    /** Open invitations, newest first (administrators). */
    async invitations(actor: Actor | null): Promise<{ invitations: Invitation[] }> {
      requireRole(actor, 'administrator');
      return { invitations: (await listOpenInvitations(db, clock.now())).map(toInvitation) };
    },

    /** What the invitation page shows for this link. */
    async invitation(
      token: string,
    ): Promise<LinkState<{ name: string; email: string; role: Role }>> {
      const row = await lookup(token, (h) => findInvitation(db, h));
      return stateOf(row, clock.now(), () => ({
        name: row!.name,
        email: row!.email,
        role: row!.role,
      }));
    },

    /**
     * The person invited sets a password: their account is made with the invited name, address
     * and role, they are signed in, and the link is spent. A used or expired link changes
     * nothing (410), nor does one for an address that has an account by now (409).
     */
    async acceptInvitation(
      token: string,
      password: string,
      client?: SessionClient,
    ): Promise<UserInfo> {
      const invitation = await findOpen(token);
      const passwordHash = await deps.hashPassword(password);
      const row = await acceptInvitation(db, invitation, passwordHash, clock.now());
      if (row === 'taken') throw conflict('user.email_taken');
      if (!row) throw gone('invitation.used');
      return deps.signedIn(row, client);
    },
  };
}

/** Password resets by mail, and the warning when sign-in to an account is paused. */
/** Refuses a reset link that is unknown (404), used or expired (410). */
async function resetLinkIsOpen({ db, clock }: AccountLinkDeps, token: string) {
  const row = await lookup(token, (h) => findPasswordReset(db, h));
  const state = stateOf(row, clock.now(), () => null);
  if (state.state === 'unknown') throw notFound('reset.unknown');
  if (state.state === 'used') throw gone('reset.used');
  if (state.state === 'expired') throw gone('reset.expired');
}

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
