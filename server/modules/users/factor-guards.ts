/*
 * What guards a person's second factors (issue 66 item 4, docs/decisions/052e). A session
 * alone cannot add one: adding a passkey or turning authenticator codes on asks for the
 * current password or a code the app shows now, in the set-up call itself (the passkey's
 * options, the codes' first step), so a stolen session cannot add a factor that locks the
 * owner out and outlives a password change. The owner hears by mail of every factor added,
 * with how to undo it; a password change or sign-out-everywhere can remove the factors added
 * in the last day.
 */
import { verify } from '@node-rs/argon2';
import { PAGE_SEGMENTS, resetPath } from '../../../common/paths';
import type { AddPasskeyInput, Passkey } from '../../../common/schemas/passkeys';
import type { ReauthInput, TotpSetup } from '../../../common/schemas/second-factors';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { forbidden } from '../../lib/errors';
import { mailTextsFor, siteTime } from '../../lib/mail-texts';
import { deletePasskeysAddedSince } from './passkeys-repository';
import { removeTotpEnabledSince } from './second-factor-repository';
import { sessionStartedAt } from './sessions-repository';
import { findPasswordHash } from './users-repository';
import type { UsersDeps } from './users-deps';

/**
 * How recent a sign-in proves an account that has nothing to type (no password, no codes: one
 * made by single sign-on), as GitHub's sudo mode counts a sign-in.
 */
export const REAUTH_FRESH_MINUTES = 10;
/** Factors added this recently go with a password change or sign-out-everywhere on request. */
export const RECENT_FACTOR_HOURS = 24;

/** The set-up calls guarded here, as second-factors.ts and passkeys.ts make them. */
interface FactorCalls {
  startTotp(actor: Actor | null): Promise<TotpSetup>;
  confirmTotp(actor: Actor | null, code: string): Promise<{ recoveryCodes: string[] }>;
  passkeyOptions(actor: Actor | null): Promise<{ challenge: string }>;
  addPasskey(actor: Actor | null, input: AddPasskeyInput): Promise<Passkey>;
  totpOn(userId: string): Promise<boolean>;
  /** A right code now shown (used once), or undefined. */
  checkSecondStep(userId: string, answer: { code: string }): Promise<unknown>;
}

/**
 * Removes the person's passkeys added, and their codes turned on, in the last day: a password
 * change or sign-out-everywhere that asks for it (the owner undoing what a thief added).
 */
export async function removeRecentFactors(db: Db, clock: Clock, userId: string) {
  const since = new Date(clock.now().getTime() - RECENT_FACTOR_HOURS * 3600_000);
  await deletePasskeysAddedSince(db, userId, since);
  await removeTotpEnabledSince(db, userId, since);
}

/** The guarded set-up calls: each asks for a proof; each factor added is mailed to its owner. */
export function factorGuards(deps: Pick<UsersDeps, 'db' | 'clock' | 'mail'>, calls: FactorCalls) {
  const { db, clock } = deps;

  /** The person gave their password or a code, or has neither and signed in just now. */
  const reauthenticate = async (actor: Actor, proof: ReauthInput = {}) => {
    if (proof.password !== undefined) {
      const stored = await findPasswordHash(db, actor.id);
      const right = stored && (await verify(stored, proof.password).catch(() => false));
      if (!right) throw forbidden('auth.reauth_failed');
      return;
    }
    if (proof.code !== undefined) {
      if (!(await calls.checkSecondStep(actor.id, { code: proof.code })))
        throw forbidden('auth.reauth_failed');
      return;
    }
    const [stored, codes, started] = await Promise.all([
      findPasswordHash(db, actor.id),
      calls.totpOn(actor.id),
      actor.sessionId ? sessionStartedAt(db, actor.sessionId) : undefined,
    ]);
    const fresh =
      started !== undefined &&
      clock.now().getTime() - started.getTime() <= REAUTH_FRESH_MINUTES * 60_000;
    if (stored || codes || !fresh) throw forbidden('auth.reauth_required');
  };

  /** Tells the owner, after the answer, that a factor was added and how to undo it. */
  const factorAdded = (actor: Actor, passkey: string | undefined) => {
    const mail = deps.mail;
    if (!mail?.mailer.enabled) return;
    const at = clock.now();
    mail.mailer.later(async () => {
      const site = await mail.site();
      const says = mailTextsFor(site.language).factorAdded({
        site: site.name,
        name: actor.name,
        passkey,
        at: siteTime(site, at),
        profileUrl: `${site.publicUrl}/${PAGE_SEGMENTS.profile}`,
        resetUrl: `${site.publicUrl}${resetPath()}`,
        hours: RECENT_FACTOR_HOURS,
      });
      await mail.mailer.send({
        ...says,
        to: actor.email,
        language: site.language,
        fromName: site.name,
        kind: 'factor-added',
      });
    });
  };

  return {
    /** A new secret for authenticator codes, given the password or (none) a fresh sign-in. */
    async startTotp(actor: Actor | null, proof?: ReauthInput): Promise<TotpSetup> {
      await reauthenticate(requireRole(actor, 'reader'), proof);
      return calls.startTotp(actor);
    },

    async confirmTotp(actor: Actor | null, code: string) {
      const answer = await calls.confirmTotp(actor, code);
      factorAdded(requireRole(actor, 'reader'), undefined);
      return answer;
    },

    /** The options of a new passkey, given the password or a code (or a fresh sign-in). */
    async passkeyOptions(actor: Actor | null, proof?: ReauthInput) {
      await reauthenticate(requireRole(actor, 'reader'), proof);
      return calls.passkeyOptions(actor);
    },

    async addPasskey(actor: Actor | null, input: AddPasskeyInput): Promise<Passkey> {
      const added = await calls.addPasskey(actor, input);
      factorAdded(requireRole(actor, 'reader'), added.name);
      return added;
    },
  };
}
