/*
 * Signing in without a password (issue 37 item 1): a link and a 6-digit code by mail, valid
 * 15 minutes, used once. The answer to asking is the same for every address, known or not, and
 * is given before anything is looked up (the mail is made off the request's path); a new
 * address becomes a reader's account on first use, with the consent recorded. Staff sign in with
 * their password (and second factor): a staff address, or one with a second factor on, gets no
 * link, and no one learns so.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { isStaff } from '../../../common/roles';
import { safeRedirect } from '../../../common/safe-redirect';
import { CONSENT_TEXT_VERSION } from '../../../common/consent';
import { LINK_TOKEN_PATTERN, type UserInfo } from '../../../common/schemas/users';
import { gone, notFound, notice, unauthorized, type Notice } from '../../lib/errors';
import { emailLinkMail } from './email-link-texts';
import {
  countWrongCode,
  findEmailLink,
  findOpenEmailLinkOf,
  insertEmailLink,
  useEmailLink,
} from './email-links-repository';
import { findUserWithHashByEmail } from './users-repository';
import { hasTotp } from './second-factor-repository';
import { hasPasskey } from './passkeys-repository';
import type { AccountLinkDeps } from './account-links';
import type { SessionClient } from './users-deps';

/** A link and its code work this long. */
export const EMAIL_LINK_MINUTES = 15;
/** Links one address may be sent in an hour (the limit); the sixth ask answers 429. */
export const EMAIL_LINKS_PER_HOUR = 5;
/** Wrong codes that spend a link. */
export const EMAIL_CODE_ATTEMPTS = 5;

/** The path a link opens (GET, outside the API: it sets the cookie and redirects). */
export const emailLinkPath = (token: string) => `/auth/email-link/${token}`;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A code's hash, keyed by its link: the same six digits of two links hash apart. */
const codeDigest = (tokenHash: string, code: string) =>
  createHmac('sha256', tokenHash).update(code).digest('base64url');

export function emailLinks(deps: AccountLinkDeps) {
  const { db, clock, mail } = deps;
  /**
   * Whether the account has a second factor a password sign-in would ask for: codes, or a
   * passkey (issue 66 item 3: a mailbox alone passes neither, as a reset link does not).
   */
  const hasSecondFactor = async (userId: string) =>
    (await hasTotp(db, userId)) || hasPasskey(db, userId);

  /** Makes the link and mails it, unless the address is a staff member's. */
  const mailLink = async (email: string, next: string) => {
    const owner = await findUserWithHashByEmail(db, email);
    // A mailbox alone never passes a second factor: such an account signs in with it.
    if (owner && (isStaff(owner.role) || (await hasSecondFactor(owner.id)))) return;
    const token = randomBytes(32).toString('hex');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = clock.now();
    const tokenHash = digest(token);
    await insertEmailLink(
      db,
      {
        tokenHash,
        codeHash: codeDigest(tokenHash, code),
        email,
        next,
        expiresAt: new Date(now.getTime() + EMAIL_LINK_MINUTES * 60_000),
      },
      now,
    );
    const site = await mail.site();
    const url = new URL(emailLinkPath(token), site.publicUrl || 'http://localhost').toString();
    await mail.mailer.send(emailLinkMail(site, email, { url, code, minutes: EMAIL_LINK_MINUTES }));
  };

  /** The reader the link or code names, signed in; where to go next. */
  const signedIn = async (tokenHash: string, client?: SessionClient) => {
    const used = await useEmailLink(db, tokenHash, clock.now(), {
      textVersion: CONSENT_TEXT_VERSION,
    });
    if (!used) return undefined;
    // Made staff, or given a second factor, since the link was sent: it signs nobody in.
    if (isStaff(used.user.role) || (await hasSecondFactor(used.user.id))) return undefined;
    return { info: await deps.signedIn(used.user, client), next: used.next };
  };

  return {
    /**
     * Someone asks for a sign-in link: 202 alike for every address (the route refuses an address
     * past its links of the hour, whoever has it, so the refusal tells nothing of accounts).
     */
    async requestEmailLink(
      email: string,
      next: string | undefined,
    ): Promise<Notice<'email_link.sent' | 'email_link.no_mail'>> {
      if (!mail.mailer.enabled) return notice('email_link.no_mail');
      mail.mailer.later(() => mailLink(email, safeRedirect(next, '/')));
      return notice('email_link.sent');
    },

    /** The link opened: its reader signed in, or why not (404 unknown, 410 used or expired). */
    async useEmailLink(
      token: string,
      client?: SessionClient,
    ): Promise<{ info: UserInfo; next: string }> {
      const tokenHash = LINK_TOKEN_PATTERN.test(token) ? digest(token) : undefined;
      const row = tokenHash ? await findEmailLink(db, tokenHash) : undefined;
      if (!row || !tokenHash) throw notFound('email_link.unknown');
      if (row.usedAt) throw gone('email_link.used');
      if (row.expiresAt <= clock.now()) throw gone('email_link.expired');
      const done = await signedIn(tokenHash, client);
      if (!done) throw gone('email_link.used');
      return done;
    },

    /** The mail's code typed instead: right, the reader is signed in; wrong, counted (401). */
    async signInWithEmailCode(
      email: string,
      code: string,
      client?: SessionClient,
    ): Promise<{ info: UserInfo; next: string }> {
      const now = clock.now();
      const row = await findOpenEmailLinkOf(db, email, now);
      if (!row) throw unauthorized('email_link.wrong_code');
      if (row.codeHash !== codeDigest(row.tokenHash, code)) {
        await countWrongCode(db, row.tokenHash, EMAIL_CODE_ATTEMPTS, now);
        throw unauthorized('email_link.wrong_code');
      }
      const done = await signedIn(row.tokenHash, client);
      if (!done) throw unauthorized('email_link.wrong_code');
      return done;
    },
  };
}
