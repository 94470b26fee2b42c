/*
 * Signing in with a password, then a second factor when the person has one (issue 40 item 1,
 * docs/decisions/052b): a right password answers a short-lived step token instead of a session,
 * and the session comes with a right code (or unused recovery code) for that token.
 */
import { randomBytes } from 'node:crypto';
import type { SignInInput, UserInfo } from '../../../common/schemas/users';
import type { SecondStepInput, TwoFactorChallenge } from '../../../common/schemas/second-factors';
import { unauthorized } from '../../lib/errors';
import type { SecondFactorDeps, SessionClient, UsersDeps } from './users-deps';
import { secondFactors, SECOND_STEP_METHODS } from './second-factors';
import { findUserById } from './users-repository';
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
  return {
    ...own,

    /**
     * Same answer, taking as long, for an unknown e-mail, a wrong password and an account that
     * has no password yet. How many attempts may be made is the route's business.
     */
    async signIn(
      input: SignInInput,
      client?: SessionClient,
    ): Promise<UserInfo | TwoFactorChallenge> {
      const row = await checkPassword(input);
      if (await factors.hasSecondFactor(row.id))
        return {
          twoFactor: {
            token: stepToken(row.id, row.tokenVersion),
            methods: [...SECOND_STEP_METHODS],
          },
        };
      return userInfo(deps, row, client);
    },

    /**
     * The person a step token continues: a token past its time, or one signed before a
     * password change (token version moved on), is refused.
     */
    async secondStepOf(token: string): Promise<SecondStepOf> {
      const { userId, tokenVersion } = readStepToken(token);
      const row = await findUserById(deps.db, userId);
      if (!row || row.tokenVersion !== tokenVersion) throw unauthorized('auth.second_step_expired');
      return { userId, email: row.email };
    },

    /** The session, for a right code or unused recovery code; which of them it was. */
    async completeSignIn(
      who: SecondStepOf,
      input: SecondStepInput,
      client?: SessionClient,
    ): Promise<{ info: UserInfo; method: 'totp' | 'recovery' }> {
      const method = await checkSecondStep(who.userId, input);
      const row = method ? await findUserById(deps.db, who.userId) : undefined;
      if (!method || !row) throw unauthorized('auth.invalid_code');
      return { info: await userInfo(deps, row, client), method };
    },
  };
}
