/*
 * Signing in with a password, then a second factor when the person has one (issue 40 items 1
 * and 2, docs/decisions/052b and 052c): a right password answers a short-lived step token
 * instead of a session, and the session comes with a right code (or unused recovery code, or
 * the person's passkey) for that token. A passkey also signs in alone, with no password.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { SignInInput, UserInfo } from '../../../common/schemas/users';
import type {
  SECOND_STEP_METHOD_NAMES,
  SecondStepInput,
  TwoFactorChallenge,
} from '../../../common/schemas/second-factors';
import { unauthorized } from '../../lib/errors';
import type { SecondFactorDeps, SessionClient, UsersDeps } from './users-deps';
import { secondFactors } from './second-factors';
import { passkeyRegistration, passkeySignIns } from './passkeys';
import { factorGuards } from './factor-guards';
import { hasPasskey } from './passkeys-repository';
import { findUserById, type UserRow } from './users-repository';
import { userInfo, userSessions } from './user-sessions';

/** Without second-factor deps (a tool, a test): codes cannot be turned on. */
const NO_SECOND_FACTORS: SecondFactorDeps = {
  box: undefined,
  stepKey: randomBytes(32),
  issuer: async () => 'Patrika',
};

/** Who a second step speaks for: the person and the address the sign-in limits count under. */
export interface SecondStepOf {
  userId: string;
  email: string;
}

export function twoStepSignIn(deps: UsersDeps) {
  const factors = secondFactors({
    ...deps,
    secondFactors: deps.secondFactors ?? NO_SECOND_FACTORS,
  });
  const { checkPassword } = userSessions(deps);
  const { checkSecondStep, stepToken, readStepToken, ...own } = factors;
  const { passkeySignIn, passkeySecondStep, signInOptions } = passkeySignIns(deps);
  /** The second step's methods for this person: none, when they have no second factor. */
  const methodsOf = async (userId: string) => {
    const [totp, passkey] = await Promise.all([
      factors.totpOn(userId),
      hasPasskey(deps.db, userId),
    ]);
    const methods: (typeof SECOND_STEP_METHOD_NAMES)[number][] = [];
    if (totp) methods.push('totp');
    if (passkey) methods.push('passkey');
    if (totp) methods.push('recovery');
    return methods;
  };
  /** The method of a right second step, or undefined. */
  const check = async (userId: string, input: SecondStepInput) => {
    if (!('response' in input)) return checkSecondStep(userId, input);
    await passkeySecondStep(userId, input.response as unknown as AuthenticationResponseJSON);
    return 'passkey' as const;
  };
  /**
   * The person a step token continues: a token past its time, or one signed before a password
   * change (token version moved on), is refused.
   */
  const secondStepOf = async (token: string): Promise<SecondStepOf> => {
    const { userId, tokenVersion } = readStepToken(token);
    const row = await findUserById(deps.db, userId);
    if (!row || row.tokenVersion !== tokenVersion) throw unauthorized('auth.second_step_expired');
    return { userId, email: row.email };
  };
  /** The second step a sign-in of this person must take; undefined: they have no factor. */
  const challengeFor = async (row: {
    id: string;
    tokenVersion: number;
  }): Promise<TwoFactorChallenge | undefined> => {
    const methods = await methodsOf(row.id);
    if (methods.length === 0) return undefined;
    return { twoFactor: { token: stepToken(row.id, row.tokenVersion), methods } };
  };
  /**
   * What a proved password (a sign-in's, or a reset link's: issue 66 item 3) answers: a
   * session, or for a person with a second factor the step token its second step takes.
   */
  const sessionOrStep = async (
    row: UserRow,
    client?: SessionClient,
  ): Promise<UserInfo | TwoFactorChallenge> =>
    (await challengeFor(row)) ?? userInfo(deps, row, client);
  const registration = passkeyRegistration(deps);
  return {
    ...own,
    ...registration,
    // Adding a factor needs a factor, and its owner hears of it (issue 66 item 4).
    ...factorGuards(deps, { ...own, ...registration, checkSecondStep }),
    challengeFor,

    /** Whether the person has a second factor: authenticator codes or a passkey. */
    hasSecondFactor: async (userId: string) => (await methodsOf(userId)).length > 0,

    /**
     * Same answer, taking as long, for an unknown e-mail, a wrong password and an account that
     * has no password yet. How many attempts may be made is the route's business.
     */
    async signIn(
      input: SignInInput,
      client?: SessionClient,
    ): Promise<UserInfo | TwoFactorChallenge> {
      return sessionOrStep(await checkPassword(input), client);
    },

    sessionOrStep,

    secondStepOf,

    /**
     * The session, for a right code or unused recovery code; which of them it was. `spend`
     * marks the step token used, once a right answer is in and before the session is made:
     * false (it was used already) refuses, so one token makes one session (issue 66 item 7).
     */
    async completeSignIn(
      who: SecondStepOf,
      input: SecondStepInput,
      client?: SessionClient,
      spend: () => Promise<boolean> = async () => true,
    ): Promise<{ info: UserInfo; method: 'totp' | 'recovery' | 'passkey' }> {
      const method = await check(who.userId, input);
      const row = method ? await findUserById(deps.db, who.userId) : undefined;
      if (!method || !row) throw unauthorized('auth.invalid_code');
      if (!(await spend())) throw unauthorized('auth.second_step_expired');
      return { info: await userInfo(deps, row, client), method };
    },

    /**
     * A sign-in's options for a passkey: alone (no token), or as the second step of the
     * sign-in this token continues (that person's passkeys only).
     */
    async passkeySignInOptions(token?: string) {
      return signInOptions(token === undefined ? null : (await secondStepOf(token)).userId);
    },

    /** The session of the person whose discoverable passkey signed this answer. */
    async signInWithPasskey(response: AuthenticationResponseJSON, client?: SessionClient) {
      const row = await findUserById(deps.db, await passkeySignIn(response));
      if (!row) throw unauthorized('auth.passkey_refused');
      return userInfo(deps, row, client);
    },
  };
}
