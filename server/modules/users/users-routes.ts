import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  AuthorProfileUpdateSchema,
  AuthorSchema,
  InvitationInputSchema,
  InvitationListSchema,
  InvitationSentSchema,
  LinkPasswordSchema,
  LinkTokenParamsSchema,
  MeSchema,
  PasswordResetRequestSchema,
  PasswordSetSchema,
  ProfileUpdateSchema,
  RoleChangeSchema,
  SignInSchema,
  SignUpSchema,
  UserInfoSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSchema,
} from '../../../common/schemas/users';
import {
  errorResponses,
  JSON_BODY,
  noticeSchema,
  SIGNED_IN,
  tooManyRequests,
  unlimitedErrorResponses,
} from '../../lib/errors';
import { clearAuthCookie, setAuthCookie, tokenOf } from '../../plugins/auth';
import { applyCheck, minutesLeft, type RateLimitCounters } from '../../plugins/rate-limit';
import {
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_MAX_PER_HOUR,
  type UsersService,
} from './users-service';

interface RouteOptions {
  secureCookies: boolean;
  counters: RateLimitCounters;
}

const tags = ['users'];

/** An administrator's call: nobody, someone else, a cookie-borne write from another site. */
const ADMINISTRATION = [...SIGNED_IN, 'auth.role_required'] as const;
/** What a profile's slug can be refused with (users-service.ts, `profileValues`). */
const PROFILE_REFUSALS = [...JSON_BODY, 'slug.needs_latin', 'user.slug_taken'] as const;

/** The refusal past either sign-in limit, with the minutes left in its window. */
function tooManyAttempts(ttlMs: number) {
  const minutes = minutesLeft(ttlMs);
  return tooManyRequests('auth.too_many_failures', { minutes });
}

/**
 * The count of failed sign-ins to one account: past SIGN_IN_MAX_FAILURES it pauses sign-in to
 * the account, whoever made the guesses. A right password and a password reset (the owner
 * proved the mailbox: issue 44 item 3) clear it.
 */
const signInAccountKey = (email: string) => `signin:account:${email}`;

/** Accounts (SPEC.md §7 users calls, DECISIONS.md §2). HTTP only: the rules live in the service. */
export function usersRoutes(users: UsersService, opts: RouteOptions) {
  return async function (app: FastifyInstance) {
    await app.register(signInRoutes(users, opts));
    await app.register(signOutRoutes(users, opts));
    await app.register(profileRoutes(users, opts));
    await app.register(administrationRoutes(users));
    await app.register(invitationRoutes(users, opts));
    await app.register(passwordResetRoutes(users, opts));
  };
}

/** Creating an account and signing in, both bounded per address. */
function signInRoutes(users: UsersService, opts: RouteOptions) {
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
        const info = await users.signUp(request.body);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return reply.status(201).send(info);
      },
    );

    app.post(
      '/api/users/signin',
      {
        schema: {
          tags,
          summary: `Sign in; answers the user info and sets the session cookie. ${SIGN_IN_MAX_FAILURES} failures in 15 minutes per address or account, then 429`,
          security: [],
          body: SignInSchema,
          response: {
            200: UserInfoSchema,
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
        },
      },
      async (request, reply) => {
        const info = await users.signIn(request.body);
        const keys = signInKeys(request);
        await opts.counters.refund(keys.address);
        await opts.counters.reset(keys.account);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return info;
      },
    );
  };
}

/** Ending one session or all of a user's sessions. */
function signOutRoutes(users: UsersService, opts: RouteOptions) {
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
        schema: {
          tags,
          summary: 'End every session of the signed-in user, on every device',
          security: [{ bearer: [] }],
          response: {
            200: noticeSchema('session.signed_out_everywhere'),
            ...errorResponses(...SIGNED_IN),
          },
        },
      },
      async (request, reply) => {
        const answer = await users.signOutEverywhere(await request.actor());
        clearAuthCookie(reply, opts.secureCookies);
        return answer;
      },
    );
  };
}

/** The authors' list, and the signed-in user's own account. */
function profileRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users/authors',
      {
        schema: {
          tags,
          summary:
            'Everyone who can write (author, editor, administrator), with their author page slug, bio and photo',
          security: [],
          response: { 200: z.array(AuthorSchema), ...errorResponses() },
        },
      },
      async () => users.authors(),
    );

    app.get(
      '/api/users/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user, with whether review mail reaches them (reviewMail)',
          security: [{ bearer: [] }],
          response: { 200: MeSchema, ...errorResponses('auth.signed_out') },
        },
      },
      async (request) => users.me(await request.actor()),
    );

    app.put(
      '/api/users/me',
      {
        schema: {
          tags,
          summary:
            'Change own name, author-page slug, bio, photo and/or password (a new password needs the current one)',
          security: [{ bearer: [] }],
          body: ProfileUpdateSchema,
          response: {
            200: UserInfoSchema,
            ...errorResponses(...SIGNED_IN, ...PROFILE_REFUSALS, 'user.wrong_password'),
          },
        },
      },
      async (request, reply) => {
        const info = await users.updateMe(await request.actor(), request.body);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return info;
      },
    );
  };
}

/** An administrator's calls on other users: the list, roles, profiles, passwords. */
function administrationRoutes(users: UsersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/users',
      {
        schema: {
          tags,
          summary: 'All users, newest first (administrator)',
          security: [{ bearer: [] }],
          querystring: UserListQuerySchema,
          response: {
            200: UserListSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => users.list(await request.actor(), request.query.page, request.query.limit),
    );

    app.put(
      '/api/users/:id/role',
      {
        schema: {
          tags,
          summary: "Change a user's role (administrator; the last administrator stays)",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: RoleChangeSchema,
          response: {
            200: UserSchema,
            ...errorResponses(...ADMINISTRATION, ...JSON_BODY, 'user.not_found', 'user.last_admin'),
          },
        },
      },
      async (request) =>
        users.changeRole(await request.actor(), request.params.id, request.body.role),
    );

    app.put(
      '/api/users/:id/profile',
      {
        schema: {
          tags,
          summary: "Change a user's name, author-page slug, bio or photo (administrator)",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: AuthorProfileUpdateSchema,
          response: {
            200: UserSchema,
            ...errorResponses(...ADMINISTRATION, ...PROFILE_REFUSALS, 'user.not_found'),
          },
        },
      },
      async (request) =>
        users.updateProfile(await request.actor(), request.params.id, request.body),
    );

    app.put(
      '/api/users/:id/password',
      {
        schema: {
          tags,
          summary:
            "Set a user's password (administrator), e.g. for an imported author who has none; ends the user's sessions",
          security: [{ bearer: [] }],
          params: IdParamsSchema,
          body: PasswordSetSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...ADMINISTRATION, ...JSON_BODY, 'user.not_found'),
          },
        },
      },
      async (request) =>
        users.setPassword(await request.actor(), request.params.id, request.body.password),
    );
  };
}

/** Password-reset mails one address may ask for in an hour, and one account may receive. */
export const RESET_REQUESTS_PER_HOUR = 10;
export const RESET_MAILS_PER_ACCOUNT_HOUR = 3;

/** Invitations to the staff (issue 26 item 8): administrators send them, people accept them. */
function invitationRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/users/invite',
      {
        schema: {
          tags,
          summary:
            'Invite someone to the staff by e-mail (administrator): a link, /invite/{token}, valid 7 days and usable once. Without SMTP_URL nothing is sent and the answer carries the link (url) to pass on',
          security: [{ bearer: [] }],
          body: InvitationInputSchema,
          response: {
            201: InvitationSentSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'user.invite_forbidden',
              'user.invited_email_taken',
            ),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.invite(await request.actor(), request.body)),
    );

    app.get(
      '/api/users/invitations',
      {
        schema: {
          tags,
          summary: 'Invitations not yet used nor expired, newest first (administrator)',
          security: [{ bearer: [] }],
          response: {
            200: InvitationListSchema,
            ...errorResponses('auth.signed_out', 'auth.role_required'),
          },
        },
      },
      async (request) => users.invitations(await request.actor()),
    );

    app.post(
      '/api/users/invite/:token',
      {
        schema: {
          tags,
          summary:
            "Accept an invitation: set a password; the account is made with the invitation's name, e-mail and role and signed in (session cookie). A used or expired link answers 410 and changes nothing",
          security: [],
          params: LinkTokenParamsSchema,
          body: LinkPasswordSchema,
          response: {
            201: UserInfoSchema,
            ...errorResponses(
              ...JSON_BODY,
              'invitation.unknown',
              'invitation.used',
              'invitation.expired',
              'user.email_taken',
            ),
          },
        },
        // Each acceptance hashes a password, as a sign-up does: bounded per address alike.
        config: { rateLimit: { max: SIGN_UP_MAX_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const info = await users.acceptInvitation(request.params.token, request.body.password);
        setAuthCookie(reply, info.token, opts.secureCookies);
        return reply.status(201).send(info);
      },
    );
  };
}

/** Forgotten passwords (issue 26 item 8): a one-time link by mail, then a new password. */
function passwordResetRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/users/password-reset',
      {
        schema: {
          tags,
          summary: `Ask for a password-reset link by e-mail. Always 202, whether or not an account has the address; the link (valid 60 minutes, usable once) goes only to an existing account, at most ${RESET_MAILS_PER_ACCOUNT_HOUR} an hour`,
          security: [],
          body: PasswordResetRequestSchema,
          response: {
            202: noticeSchema('reset.requested', 'reset.no_mail'),
            ...errorResponses(...JSON_BODY),
          },
        },
        config: { rateLimit: { max: RESET_REQUESTS_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const { email } = request.body;
        // Past its hourly mails an account gets no more, and the answer does not say so.
        const account = await opts.counters.increment(`reset:account:${email}`, 3600_000);
        const send = account.current <= RESET_MAILS_PER_ACCOUNT_HOUR;
        return reply.status(202).send(await users.requestPasswordReset(email, { send }));
      },
    );

    app.post(
      '/api/users/password-reset/:token',
      {
        schema: {
          tags,
          summary:
            'Choose a new password from a reset link: every earlier session ends and the owner is signed in (session cookie). A used or expired link answers 410 and changes nothing',
          security: [],
          params: LinkTokenParamsSchema,
          body: LinkPasswordSchema,
          response: {
            200: UserInfoSchema,
            ...errorResponses(...JSON_BODY, 'reset.unknown', 'reset.used', 'reset.expired'),
          },
        },
        config: { rateLimit: { max: SIGN_UP_MAX_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const info = await users.resetPassword(request.params.token, request.body.password);
        // A stranger's guesses may have paused sign-in to the account: the owner, who just
        // proved the mailbox, is not kept waiting (issue 44 item 3).
        await opts.counters.reset(signInAccountKey(info.email));
        setAuthCookie(reply, info.token, opts.secureCookies);
        return info;
      },
    );
  };
}
