/* Links sent by e-mail: staff invitations and password resets (issue 26 item 8). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  InvitationInputSchema,
  InvitationListSchema,
  InvitationSentSchema,
  LinkPasswordSchema,
  LinkTokenParamsSchema,
  PasswordResetRequestSchema,
  UserInfoSchema,
} from '../../../common/schemas/users';
import { SignInAnswerSchema } from '../../../common/schemas/second-factors';
import { noteForAudit } from '../../lib/audit-note';
import { errorResponses, JSON_BODY, noticeSchema, SIGNED_IN } from '../../lib/errors';
import { setAuthCookie } from '../../plugins/auth';
import { type UsersService } from './users-service';
import { SIGN_UP_MAX_PER_HOUR } from './user-sessions';
import { clientOf, signInAccountKey, tags, type RouteOptions } from './users-route-options';
import { mailboxOf } from '../../lib/mailbox-key';

/** Password-reset mails one address may ask for in an hour, and one account may receive. */
export const RESET_REQUESTS_PER_HOUR = 10;
export const RESET_MAILS_PER_ACCOUNT_HOUR = 3;

/** Invitations to the staff (issue 26 item 8): administrators send them, people accept them. */
export function invitationRoutes(users: UsersService, opts: RouteOptions) {
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
        const info = await users.acceptInvitation(
          request.params.token,
          request.body.password,
          clientOf(request),
        );
        setAuthCookie(reply, info, opts.secureCookies);
        return reply.status(201).send(info);
      },
    );
  };
}

/** Forgotten passwords (issue 26 item 8): a one-time link by mail, then a new password. */
export function passwordResetRoutes(users: UsersService, opts: RouteOptions) {
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
        const account = await opts.counters.increment(
          `reset:account:${mailboxOf(email)}`,
          3600_000,
        );
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
            'Choose a new password from a reset link: every earlier session ends and the owner is signed in (session cookie), or, for a person with a second factor, answers `twoFactor` as POST /api/users/signin does (the session comes from POST /api/users/signin/2fa). A used or expired link answers 410 and changes nothing',
          security: [],
          params: LinkTokenParamsSchema,
          body: LinkPasswordSchema,
          response: {
            200: SignInAnswerSchema,
            ...errorResponses(...JSON_BODY, 'reset.unknown', 'reset.used', 'reset.expired'),
          },
        },
        config: { rateLimit: { max: SIGN_UP_MAX_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const { user, answer } = await users.resetPassword(
          request.params.token,
          request.body.password,
          clientOf(request),
        );
        // The audit trail names whose password it was (the answer may be a step token only).
        noteForAudit(request, { _id: user.id, name: user.name });
        // A stranger's guesses may have paused sign-in to the account: the owner, who just
        // proved the mailbox, is not kept waiting (issue 44 item 3). Wrong codes stay counted.
        await opts.counters.reset(signInAccountKey(user.email));
        // A second factor to come: no session and no cookie yet, as after a right password.
        if ('token' in answer) setAuthCookie(reply, answer, opts.secureCookies);
        return answer;
      },
    );
  };
}
