/*
 * Authenticator codes (issue 40 item 1, docs/decisions/052b): set up, turned on and off by the
 * signed-in person, and a sign-in's second step. Five wrong codes in the sign-in window pause
 * the account's sign-in (password and code alike) for the rest of the window, as ten wrong
 * passwords do: whoever guesses codes has the password already.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ReauthSchema,
  RecoveryCodesSchema,
  SecondStepSchema,
  TotpConfirmSchema,
  TotpSetupSchema,
  TotpStopSchema,
  TwoFactorStatusSchema,
} from '../../../common/schemas/second-factors';
import { UserInfoSchema } from '../../../common/schemas/users';
import { TWO_FACTOR_PATH } from '../../../common/paths';
import {
  errorResponses,
  JSON_BODY,
  notice,
  noticeSchema,
  SIGNED_IN,
  unlimitedErrorResponses,
} from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { setAuthCookie } from '../../plugins/auth';
import { type UsersService } from './users-service';
import { SECOND_STEP_SECONDS } from './second-factors';
import {
  clientOf,
  countingCodes,
  REAUTH_REFUSALS,
  reauthenticated,
  noBodyIsEmpty,
  SIGN_IN_MAX_WRONG_CODES,
  tags,
  type RouteOptions,
} from './users-route-options';

/** The second step's refusals that are a wrong answer, counted toward the pause. */
const WRONG_ANSWERS = ['auth.invalid_code', 'auth.passkey_refused'] as const;

/** Setting codes up, on and off: the signed-in person's own. */
export function secondFactorRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];

    app.get(
      TWO_FACTOR_PATH,
      {
        schema: {
          tags,
          summary:
            'Whether the signed-in person has authenticator codes on, and recovery codes left',
          security,
          response: { 200: TwoFactorStatusSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => users.twoFactorStatus(await request.actor()),
    );

    app.post(
      `${TWO_FACTOR_PATH}/totp`,
      {
        preValidation: noBodyIsEmpty,
        schema: {
          tags,
          summary:
            'Start setting up authenticator codes: a new secret, its otpauth:// address and QR code (SVG). Nothing is on until a code confirms it. Asks for `{ password }`, the current password (an account without one: a sign-in of the last 10 minutes); wrong ones count as wrong sign-ins',
          security,
          body: ReauthSchema,
          response: {
            200: TotpSetupSchema,
            ...errorResponses(...REAUTH_REFUSALS, 'totp.already_on', 'totp.unavailable'),
          },
        },
      },
      reauthenticated(opts, (actor, proof) => users.startTotp(actor, proof)),
    );

    await app.register(totpCodeRoutes(users, opts));
  };
}

/** Turning codes on and off: each takes a code, counted with the sign-in's (issue 66 item 7). */
function totpCodeRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const security = [{ bearer: [] }];
    /**
     * A code the signed-in person types, counted as the sign-in's second step counts them
     * (issue 66 item 7); signed out, the service refuses before anything is counted.
     */
    const counted = <T>(actor: Actor | null, reply: FastifyReply, check: () => Promise<T>) =>
      actor
        ? countingCodes(opts, { email: actor.email, reply, wrongCodes: ['totp.wrong_code'] }, check)
        : check();

    app.post(
      `${TWO_FACTOR_PATH}/totp/confirm`,
      {
        schema: {
          tags,
          summary: `Turn authenticator codes on with a first code; answers ten single-use recovery codes, shown this once. Wrong codes count with the sign-in's: ${SIGN_IN_MAX_WRONG_CODES} pause this call and the account's sign-in for the rest of 15 minutes (429)`,
          security,
          body: TotpConfirmSchema,
          response: {
            200: RecoveryCodesSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'totp.not_started',
              'totp.already_on',
              'totp.wrong_code',
              'auth.too_many_failures',
            ),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        return counted(actor, reply, () => users.confirmTotp(actor, request.body.code));
      },
    );

    app.delete(
      `${TWO_FACTOR_PATH}/totp`,
      {
        schema: {
          tags,
          summary: `Turn authenticator codes off, with a code the app shows now (or a recovery code); the secret and recovery codes are forgotten. Wrong codes count with the sign-in's: ${SIGN_IN_MAX_WRONG_CODES} pause this call and the account's sign-in for the rest of 15 minutes (429)`,
          security,
          body: TotpStopSchema,
          response: {
            200: noticeSchema('totp.turned_off'),
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'totp.not_on',
              'totp.wrong_code',
              'auth.too_many_failures',
            ),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        await counted(actor, reply, () => users.stopTotp(actor, request.body));
        return notice('totp.turned_off');
      },
    );
  };
}

/** The second step of a sign-in: the step token and a code, or a recovery code. */
export function secondStepRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/users/signin/2fa',
      {
        schema: {
          tags,
          summary: `Complete a sign-in that answered \`twoFactor\` (a password, or a reset link): its token, good for one sign-in, with a code (or a recovery code, each once), or with \`response\`, a passkey's answer to POST /api/users/signin/passkey/options \`{ token }\`. ${SIGN_IN_MAX_WRONG_CODES} wrong codes pause the account's sign-in for the rest of 15 minutes (429)`,
          security: [],
          body: SecondStepSchema,
          response: {
            200: UserInfoSchema,
            ...unlimitedErrorResponses(
              ...JSON_BODY,
              'auth.invalid_code',
              'auth.passkey_refused',
              'auth.second_step_expired',
              'auth.too_many_failures',
            ),
          },
        },
        config: { rateLimit: false },
      },
      async (request, reply) => {
        const { token } = request.body;
        const who = await users.secondStepOf(token);
        // A token completes one sign-in (issue 66 item 7): its MAC names it, kept as used for
        // as long as any token lives; a right answer with a spent token makes no session.
        const used = `signin:step:${token.slice(-64)}`;
        const spend = async () =>
          (await opts.counters.increment(used, SECOND_STEP_SECONDS * 1000)).current === 1;
        const { info } = await countingCodes(
          opts,
          { email: who.email, reply, wrongCodes: WRONG_ANSWERS },
          () => users.completeSignIn(who, request.body, clientOf(request), spend),
        );
        setAuthCookie(reply, info, opts.secureCookies);
        return info;
      },
    );
  };
}
