/*
 * What the users module's route files share: their options, their OpenAPI tag, the refusals
 * they declare alike, and the sign-in limit's key (reset by a password reset too).
 */
import type { ReauthInput } from '../../../common/schemas/second-factors';
import { requireRole, type Actor } from '../../lib/actor';
import { JSON_BODY, SIGNED_IN, tooManyRequests } from '../../lib/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { minutesLeft, type RateLimitCounters } from '../../plugins/rate-limit';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from './user-sessions';

export interface RouteOptions {
  secureCookies: boolean;
  counters: RateLimitCounters;
}

export const tags = ['users'];

/**
 * What adding a factor may be refused with (issue 66 item 4): beside a signed-in call's, no
 * proof, a wrong one, and too many wrong ones.
 */
export const REAUTH_REFUSALS = [
  ...SIGNED_IN,
  ...JSON_BODY,
  'auth.reauth_required',
  'auth.reauth_failed',
  'auth.too_many_failures',
] as const;

/** An administrator's call: nobody, someone else, a cookie-borne write from another site. */
export const ADMINISTRATION = [...SIGNED_IN, 'auth.role_required'] as const;
/** What a profile's slug can be refused with (users-service.ts, `profileValues`). */
export const PROFILE_REFUSALS = [...JSON_BODY, 'slug.needs_latin', 'user.slug_taken'] as const;

/** The refusal past either sign-in limit, with the minutes left in its window. */
export function tooManyAttempts(ttlMs: number) {
  const minutes = minutesLeft(ttlMs);
  return tooManyRequests('auth.too_many_failures', { minutes });
}

/**
 * The count of failed sign-ins to one account: past SIGN_IN_MAX_FAILURES it pauses sign-in to
 * the account, whoever made the guesses. A right password and a password reset (the owner
 * proved the mailbox: issue 44 item 3) clear it.
 */
export const signInAccountKey = (email: string) => `signin:account:${email}`;

/**
 * Wrong second-factor codes one account may get in a sign-in window (issue 40 item 1): past
 * them, its sign-in (password and code) is paused for the rest of the window. A right password
 * does not clear this count (whoever guesses codes has the password); a right code does.
 */
export const SIGN_IN_MAX_WRONG_CODES = 5;
/** The count of wrong codes for one account, by its (lower-cased) e-mail. */
export const signInCodesKey = (email: string) => `signin:codes:${email.toLowerCase()}`;

/** What a session keeps of the client that signs in (the list of sessions shows it). */
export const clientOf = (request: { headers: Record<string, unknown> }) => {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : '' };
};

/**
 * Wrong second-factor codes pause the password step too, checked before the password is: a
 * right password would otherwise clear the account's count and let codes be guessed on.
 */
export async function refuseWhileCodesPaused(
  opts: RouteOptions,
  email: string,
  reply: FastifyReply,
): Promise<void> {
  const codes = await opts.counters.read(signInCodesKey(email));
  if (codes.current < SIGN_IN_MAX_WRONG_CODES) return;
  reply.header('retry-after', String(Math.max(1, Math.ceil(codes.ttl / 1000))));
  throw tooManyAttempts(codes.ttl);
}

/** The refusals that mean a guess was wrong (the rest take their attempt back). */
const REAUTH_WRONG = ['auth.reauth_failed'] as const;

/**
 * Counts one guess under `key` before `check` runs, so parallel guesses cannot slip past: past
 * `max` in the window, 429. A refusal other than a wrong guess (`wrongCodes`) takes its attempt
 * back; a right guess clears the count (`reset`) or takes back only its own attempt (`refund`).
 */
async function countingGuesses<T>(
  opts: RouteOptions,
  guess: { key: string; max: number; reply: FastifyReply; wrongCodes: readonly string[] },
  onRight: 'reset' | 'refund',
  check: () => Promise<T>,
): Promise<T> {
  const count = await opts.counters.increment(guess.key, SIGN_IN_WINDOW_MS);
  if (count.current > guess.max) {
    guess.reply.header('retry-after', String(Math.max(1, Math.ceil(count.ttl / 1000))));
    throw tooManyAttempts(count.ttl);
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !guess.wrongCodes.includes(code))
      await opts.counters.refund(guess.key);
    throw error;
  }
  await (onRight === 'reset' ? opts.counters.reset(guess.key) : opts.counters.refund(guess.key));
  return result;
}

/**
 * A call that checks a second-factor code of the account at `email`: the sign-in's second step,
 * and the signed-in person's own calls that take one (turning codes on or off: issue 66 item 7;
 * a stolen session must not guess codes where the sign-in would pause). Counted under the one
 * wrong-code key before the code is checked; past SIGN_IN_MAX_WRONG_CODES every such call, and
 * the account's password step, answers 429 for the rest of the window. A right code clears the
 * count; a refusal other than a wrong code (`wrongCodes` names them) takes its attempt back.
 */
export const countingCodes = <T>(
  opts: RouteOptions,
  who: { email: string; reply: FastifyReply; wrongCodes: readonly string[] },
  check: () => Promise<T>,
): Promise<T> =>
  countingGuesses(
    opts,
    { ...who, key: signInCodesKey(who.email), max: SIGN_IN_MAX_WRONG_CODES },
    'reset',
    check,
  );

/**
 * A re-authentication's guesses (issue 66 item 4: the password or code that adding a factor
 * asks for) count as a sign-in's do, before they are checked: a code exactly as countingCodes
 * counts one (one key, one rule), a password under the account's count; past either, 429 for
 * the rest of the window. A right password takes back its attempt.
 */
export async function countingReauth<T>(
  opts: RouteOptions,
  email: string,
  proof: { password?: string; code?: string } | undefined,
  reply: FastifyReply,
  run: () => Promise<T>,
): Promise<T> {
  await refuseWhileCodesPaused(opts, email, reply);
  if (proof?.password !== undefined) {
    const key = signInAccountKey(email);
    const guess = { key, max: SIGN_IN_MAX_FAILURES, reply, wrongCodes: REAUTH_WRONG };
    return countingGuesses(opts, guess, 'refund', run);
  }
  if (proof?.code !== undefined)
    return countingCodes(opts, { email, reply, wrongCodes: REAUTH_WRONG }, run);
  return run();
}

/**
 * A call that took no body before may still come without one (a client of before issue 66):
 * no body reads as `{}`, so it gets the call's own refusal, not a 400.
 */
export const noBodyIsEmpty = async (request: FastifyRequest) => {
  if (request.body === undefined || request.body === null) request.body = {};
};

/**
 * The handler of a set-up call that asks for a proof (issue 66 item 4): the signed-in person,
 * their proof counted as countingReauth says, then `run`.
 */
export const reauthenticated =
  <T>(opts: RouteOptions, run: (actor: Actor, proof: ReauthInput) => Promise<T>) =>
  async (
    request: { actor(): Promise<Actor | null>; body: unknown },
    reply: FastifyReply,
  ): Promise<T> => {
    const actor = requireRole(await request.actor(), 'reader');
    const proof = request.body as ReauthInput;
    return countingReauth(opts, actor.email, proof, reply, () => run(actor, proof));
  };
