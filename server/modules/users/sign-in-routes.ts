/* Signing up, in and out (SPEC.md §7 users calls, DECISIONS.md §2), each bounded. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../common/schemas/common';
import { SignInSchema, SignUpSchema, UserInfoSchema } from '../../../common/schemas/users';
import {
  RemoveRecentFactorsSchema,
  SignInAnswerSchema,
} from '../../../common/schemas/second-factors';
import {
  errorResponses,
  JSON_BODY,
  noticeSchema,
  SIGNED_IN,
  unlimitedErrorResponses,
} from '../../lib/errors';
import { clearAuthCookie, setAuthCookie, tokenOf } from '../../plugins/auth';
import { applyCheck, minutesLeft } from '../../plugins/rate-limit';
import { type UsersService } from './users-service';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS, SIGN_UP_MAX_PER_HOUR } from './user-sessions';
import {
  clientOf,
  noBodyIsEmpty,
  signInAccountKey,
  refuseWhileCodesPaused,
  SIGN_IN_MAX_WRONG_CODES,
  tags,
  tooManyAttempts,
  type RouteOptions,
} from './users-route-options';

/** Creating an account and signing in, both bounded per address. */
export function signInRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /*
     * Sign-in failures are limited per address and per account (10 in 15 minutes each, then
     * 429): guesses spread over many addresses still get no more than 10 checks of one
     * account's password (issue 24, superseding the slow-down of docs/decisions/014). Every
     * attempt is counted before the password is checked, so parallel guesses cannot slip past
     * either count; a right password takes its attempt back and clears the account's count.
     */
    const signInKeys = (request: { ip: string; body: unknown }) => ({
      address: `signin:ip:${request.ip}`,
      account: signInAccountKey((request.body as { email: string }).email),
    });
    const addressCheck = fastify.createRateLimit({
      max: SIGN_IN_MAX_FAILURES,
      timeWindow: SIGN_IN_WINDOW_MS,
      keyGenerator: (request) => signInKeys(request).address,
    });
    app.post(
      '/api/users/signup',
      {
        schema: {
          tags,
          summary: `Create an account (the first one becomes administrator); ${SIGN_UP_MAX_PER_HOUR} an hour from one address`,
          security: [],
          body: SignUpSchema,
          response: { 201: UserInfoSchema, ...errorResponses(...JSON_BODY, 'user.email_taken') },
        },
        // Each sign-up hashes a password with 19 MiB of memory: bounded per address.
        config: { rateLimit: { max: SIGN_UP_MAX_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const info = await users.signUp(request.body, clientOf(request));
        setAuthCookie(reply, info, opts.secureCookies);
        return reply.status(201).send(info);
      },
    );

    app.post(
      '/api/users/signin',
      {
        schema: {
          tags,
          summary: `Sign in; answers the user info and sets the session cookie, or, for a person with a second factor, \`twoFactor\` (a token for POST /api/users/signin/2fa) and no session yet. ${SIGN_IN_MAX_FAILURES} failures in 15 minutes per address or account, or ${SIGN_IN_MAX_WRONG_CODES} wrong codes, then 429`,
          security: [],
          body: SignInSchema,
          response: {
            200: SignInAnswerSchema,
            ...unlimitedErrorResponses(
              ...JSON_BODY,
              'auth.invalid_credentials',
              'auth.too_many_failures',
            ),
          },
        },
        config: { rateLimit: false },
        preHandler: async (request, reply) => {
          const result = await addressCheck(request);
          if (!result.isAllowed && applyCheck(reply, result)) {
            throw tooManyAttempts(result.ttl);
          }
          const account = await opts.counters.increment(
            signInKeys(request).account,
            SIGN_IN_WINDOW_MS,
          );
          if (account.current > SIGN_IN_MAX_FAILURES) {
            // The first refusal of a pause tells the account's owner, once (issue 24); never
            // waited for, and the same whether or not the account exists.
            if (account.current === SIGN_IN_MAX_FAILURES + 1)
              users.signInPaused(
                (request.body as { email: string }).email,
                minutesLeft(account.ttl),
              );
            reply.header('retry-after', String(Math.max(1, Math.ceil(account.ttl / 1000))));
            throw tooManyAttempts(account.ttl);
          }
          await refuseWhileCodesPaused(opts, (request.body as { email: string }).email, reply);
        },
      },
      async (request, reply) => {
        const answer = await users.signIn(request.body, clientOf(request));
        const keys = signInKeys(request);
        await opts.counters.refund(keys.address);
        await opts.counters.reset(keys.account);
        // A second factor to come: no session and no cookie yet (second-factor-routes.ts).
        if ('token' in answer) setAuthCookie(reply, answer, opts.secureCookies);
        return answer;
      },
    );
  };
}

/** Ending one session or all of a user's sessions. */
export function signOutRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/users/signout',
      {
        schema: {
          tags,
          summary:
            'End this session on the server (its token is refused from now on) and clear the cookie',
          // Signed in or not: without a session there is only the cookie to clear.
          security: [{}, { bearer: [] }],
          response: { 200: MessageSchema, ...errorResponses('auth.cross_site') },
        },
      },
      async (request, reply) => {
        // A cookie-borne sign-out from another site is refused (403) like any other write.
        await request.actor();
        const found = tokenOf(request);
        if (found) await users.signOut(found.token);
        clearAuthCookie(reply, opts.secureCookies);
        return { message: 'Signed out.' };
      },
    );

    app.post(
      '/api/users/signout-everywhere',
      {
        preValidation: noBodyIsEmpty,
        schema: {
          tags,
          summary:
            'End every session of the signed-in user, on every device; with `{ removeRecentFactors: true }`, also remove the passkeys added and authenticator codes turned on in the last 24 hours',
          security: [{ bearer: [] }],
          body: RemoveRecentFactorsSchema,
          response: {
            200: noticeSchema('session.signed_out_everywhere'),
            ...errorResponses(...SIGNED_IN, ...JSON_BODY),
          },
        },
      },
      async (request, reply) => {
        const answer = await users.signOutEverywhere(await request.actor(), request.body);
        clearAuthCookie(reply, opts.secureCookies);
        return answer;
      },
    );
  };
}

/** The authors' list, and the signed-in user's own account. */
