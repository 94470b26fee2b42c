/* Signing in without a password (issue 37 item 1): a link and a code by mail. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailCodeSchema,
  EmailLinkRequestSchema,
  UserInfoSchema,
} from '../../../common/schemas/users';
import {
  AppError,
  errorResponses,
  JSON_BODY,
  noticeSchema,
  tooManyRequests,
} from '../../lib/errors';
import { minutesLeft } from '../../plugins/rate-limit';
import { setAuthCookie } from '../../plugins/auth';
import { EMAIL_LINKS_PER_HOUR } from './email-links';
import { type UsersService } from './users-service';
import { clientOf, tags, type RouteOptions } from './users-route-options';
import { mailboxOf } from '../../lib/mailbox-key';

/** Asks for links one client address may make in an hour (across every e-mail address). */
export const EMAIL_LINK_REQUESTS_PER_HOUR = 20;
/** Codes one client address may try in an hour. */
export const EMAIL_CODE_TRIES_PER_HOUR = 30;

/** Where a link that cannot sign in sends the browser: the sign-in page, saying why. */
const refusedLink = (error: unknown) => {
  const code = error instanceof AppError ? error.code : 'email_link.unknown';
  const why = code.startsWith('email_link.') ? code.slice('email_link.'.length) : 'unknown';
  return `/login?emailLink=${encodeURIComponent(why)}`;
};

export function emailLinkRoutes(users: UsersService, opts: RouteOptions) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/auth/email-link',
      {
        schema: {
          tags,
          summary: `Ask for a sign-in link and code by e-mail (valid 15 minutes, usable once). Always 202, known address or not; an address past ${EMAIL_LINKS_PER_HOUR} links in an hour answers 429. A first use makes a reader's account`,
          security: [],
          body: EmailLinkRequestSchema,
          response: {
            202: noticeSchema('email_link.sent', 'email_link.no_mail'),
            ...errorResponses(...JSON_BODY),
          },
        },
        config: { rateLimit: { max: EMAIL_LINK_REQUESTS_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const { email, next } = request.body;
        const sent = await opts.counters.increment(`email-link:${mailboxOf(email)}`, 3600_000);
        if (sent.current > EMAIL_LINKS_PER_HOUR)
          throw tooManyRequests('rate_limit.exceeded', { minutes: minutesLeft(sent.ttl) });
        return reply.status(202).send(await users.requestEmailLink(email, next));
      },
    );

    app.post(
      '/api/auth/email-link/code',
      {
        schema: {
          tags,
          summary:
            "Sign in with the mail's six-digit code instead of its link (session cookie). A wrong or expired code answers 401; five wrong codes spend the link",
          security: [],
          body: EmailCodeSchema,
          response: {
            200: UserInfoSchema.extend({ next: z.string() }),
            ...errorResponses(...JSON_BODY, 'email_link.wrong_code', 'email_link.code_format'),
          },
        },
        config: { rateLimit: { max: EMAIL_CODE_TRIES_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        const { email, code } = request.body;
        const { info, next } = await users.signInWithEmailCode(email, code, clientOf(request));
        setAuthCookie(reply, info, opts.secureCookies);
        return { ...info, next };
      },
    );

    // A browser's navigation, not an API call: it sets the session's cookie and goes on to the
    // link's `next` (marked #signed-in, for the page's script to ask who); a link that cannot
    // sign in goes to the sign-in page, which says why.
    app.get(
      '/auth/email-link/:token',
      {
        schema: { hide: true, params: z.object({ token: z.string().max(200) }) },
        config: { rateLimit: { max: EMAIL_CODE_TRIES_PER_HOUR, timeWindow: 3600_000 } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          const { info, next } = await users.useEmailLink(request.params.token, clientOf(request));
          setAuthCookie(reply, info, opts.secureCookies);
          return reply.redirect(next.includes('#') ? next : `${next}#signed-in`, 302);
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          return reply.redirect(refusedLink(error), 302);
        }
      },
    );
  };
}
