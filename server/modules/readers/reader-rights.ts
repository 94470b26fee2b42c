/*
 * The reader's own data (issue 37 item 6; DPDP Act 2023 §11–§12, GDPR art. 15, 17 and 20): a
 * download of everything kept of them, and deleting the account with its password or, for a
 * reader without one, a code mailed to them (6 digits, 15 minutes, once, stored hashed). After
 * a deletion no mail goes to the address: its subscriptions and queued deliveries go too.
 */
import { createHash, randomInt } from 'node:crypto';
import { englishOf } from '../../../common/refusals/catalogue';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, notFound, notice, unauthorized } from '../../lib/errors';
import { deleteCodeMail } from './reader-mail';
import { storeDeleteCode, useDeleteCode } from './reader-rights-repository';
import { consentsOf, followsOf, forgetConsentsOf, savedOf } from './readers-repository';
import { wireFollows } from './reader-follows';
import type { ReadersDeps } from './readers-deps';

/** How long a mailed code works. */
export const DELETE_CODE_MINUTES = 15;
/** Wrong codes a code survives: a guess at one in a million, a few times, then a new code. */
export const DELETE_CODE_TRIES = 5;

/** Keyed by the reader, so one table row tells nothing of another's code. */
const hashOf = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

export function readerRights(deps: ReadersDeps) {
  const { db, clock, users, newsletters, mail } = deps;
  return {
    /** Everything kept of the signed-in reader, as they download it. */
    async exportData(actor: Actor | null) {
      const me = requireRole(actor, 'reader');
      const account = await users.accountOf(me.id);
      if (!account) throw unauthorized();
      const [consents, follows, saved, subscriptions, comments] = await Promise.all([
        consentsOf(db, me.id),
        followsOf(db, me.id),
        savedOf(db, me.id),
        newsletters.subscriptionsOfEmail(me.email),
        deps.comments.rights.exportOf(me.id),
      ]);
      return {
        account,
        consents: consents.map((c) => ({ ...c, givenAt: c.givenAt.toISOString() })),
        follows: wireFollows(follows),
        saved: saved.map((s) => ({ articleId: s.articleId, savedAt: s.savedAt.toISOString() })),
        subscriptions: subscriptions.map((s) => ({
          newsletter: s.newsletter,
          slug: s.slug,
          status: s.status,
          confirmedAt: s.confirmedAt?.toISOString() ?? null,
        })),
        comments,
      };
    },

    /** Mails a code that deletes the account (readers without a password use it). */
    async sendDeleteCode(actor: Actor | null) {
      const me = requireRole(actor, 'reader');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(clock.now().getTime() + DELETE_CODE_MINUTES * 60_000);
      await storeDeleteCode(db, me.id, hashOf(me.id, code), expiresAt);
      mail.mailer.sendLater(deleteCodeMail(await mail.site(), me.email, code, DELETE_CODE_MINUTES));
      const params = { minutes: DELETE_CODE_MINUTES };
      return {
        message: englishOf('account.delete_code_sent', params),
        code: 'account.delete_code_sent' as const,
        params,
      };
    },

    /**
     * Deletes the signed-in account, proven by its password or its mailed code. The last
     * administrator may not (409 `account.last_admin`); everything else of theirs goes.
     */
    async deleteAccount(actor: Actor | null, proof: { password?: string; code?: string }) {
      const me = requireRole(actor, 'reader');
      if (proof.password) {
        if (!(await users.passwordMatches(me.id, proof.password)))
          throw badRequest('user.wrong_password');
      } else if (proof.code) {
        const ok = await useDeleteCode(db, {
          userId: me.id,
          codeHash: hashOf(me.id, proof.code),
          now: clock.now(),
          maxFailures: DELETE_CODE_TRIES,
        });
        if (!ok) throw badRequest('account.delete_code_invalid');
      } else throw badRequest('account.proof_required');
      // Their comments stay as "a deleted reader" or go first (comments.onAccountDeletion).
      const stayed = await deps.comments.rights.beforeAccountDeleted(me.id);
      if (!(await users.deleteOwnAccount(me.id))) throw notFound('user.not_found');
      await deps.comments.rights.afterAccountDeleted(stayed);
      // The account's own rows went with it (ON DELETE CASCADE); these are the address's.
      await newsletters.forgetAddress(me.email);
      await forgetConsentsOf(db, me.email);
      return notice('account.deleted');
    },
  };
}
