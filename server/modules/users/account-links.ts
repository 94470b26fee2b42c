/*
 * E-mail that brings people in (issue 26 item 8, DECISIONS.md §18): invitations to the staff
 * here; password resets and the warning to an account's owner when sign-in to it is paused
 * (issue 24) in password-resets.ts, with this file's links. A link carries 32 random bytes;
 * the database keeps only their SHA-256, so neither the table nor a backup holds a usable link,
 * and no log line names one. A link works once, until it expires. Mail is handed to the mailer
 * and never waited for (server/lib/mail.ts); without SMTP_URL an invitation answers its link
 * for the administrator to pass on, and a reset cannot be asked for by mail (an administrator
 * sets the password instead).
 */
import { createHash, randomBytes } from 'node:crypto';
import { invitePath } from '../../../common/paths';
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
import { conflict, gone, notFound } from '../../lib/errors';
import { mailTextsFor } from '../../lib/mail-texts';
import { findUserWithHashByEmail, type UserRow } from './users-repository';
import {
  acceptInvitation,
  findInvitation,
  insertInvitation,
  listOpenInvitations,
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

export const newToken = () => randomBytes(32).toString('hex');
export const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

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
export function stateOf<T>(
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
export const lookup = <T>(token: string, find: (hash: string) => Promise<T>) =>
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
