/*
 * Single sign-on's two addresses (issue 40 item 4): browser navigations, not API calls, so
 * outside /api and hidden from the OpenAPI document. Each answers a redirect and `no-store`;
 * a refusal goes back to the sign-in page, which says why (`/login?sso=…`), and a sign-in
 * there too (`/login?sso=done`), which hands the session to the page as a password's does.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SSO_CALLBACK_PATH,
  SSO_START_PATH,
  SSO_STEP_COOKIE,
  SSO_STEP_OUTCOME,
} from '../../../common/schemas/sso';
import { noteForAudit } from '../../lib/audit-note';
import { setAuthCookie } from '../../plugins/auth';
import { SECOND_STEP_SECONDS } from '../users/second-factors';
import { SsoRefused, SSO_FLOW_MINUTES, type SsoService } from './sso-service';

/** The flow's cookie: sent back only to the way back. */
export const SSO_COOKIE = 'patrika_oidc';
const COOKIE_PATH = '/auth/oidc';
/** Sign-ins one client address may start or finish in an hour. */
const SSO_TRIES_PER_HOUR = 60;

const loginWith = (sso: string, next = '', extra = '') =>
  `/login?sso=${sso}${extra}${next ? `&redirect=${encodeURIComponent(next)}` : ''}`;

export function ssoRoutes(sso: SsoService, opts: { secureCookies: boolean; publicUrl: string }) {
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };
  const refused = (reply: FastifyReply, error: unknown, next = '') => {
    if (!(error instanceof SsoRefused)) throw error;
    return reply.redirect(loginWith(error.reason, next), 302);
  };
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const limits = { rateLimit: { max: SSO_TRIES_PER_HOUR, timeWindow: 3600_000 } };

    app.get(
      SSO_START_PATH,
      {
        schema: {
          hide: true,
          querystring: z.object({ redirect: z.string().max(2000).optional() }),
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        try {
          const { url, cookie: flow } = await sso.start(request.query.redirect);
          reply.setCookie(SSO_COOKIE, flow, {
            ...cookie,
            path: COOKIE_PATH,
            maxAge: SSO_FLOW_MINUTES * 60,
          });
          return reply.redirect(url, 302);
        } catch (error) {
          return refused(reply, error, request.query.redirect);
        }
      },
    );

    app.get(
      SSO_CALLBACK_PATH,
      { schema: { hide: true }, config: limits },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.clearCookie(SSO_COOKIE, { ...cookie, path: COOKIE_PATH });
        const agent = request.headers['user-agent'] ?? '';
        try {
          const done = await sso.finish(
            new URL(request.url, opts.publicUrl),
            request.cookies[SSO_COOKIE],
            agent,
          );
          if ('twoFactor' in done) {
            // The person's own second factor follows, as after a password (issue 66 item 5):
            // the step token goes to the sign-in page's loader alone, never into an address.
            reply.setCookie(SSO_STEP_COOKIE, done.twoFactor.token, {
              ...cookie,
              path: '/login',
              maxAge: SECOND_STEP_SECONDS,
            });
            const methods = `&methods=${done.twoFactor.methods.join(',')}`;
            return reply.redirect(loginWith(SSO_STEP_OUTCOME, done.next, methods), 302);
          }
          setAuthCookie(reply, done.info, opts.secureCookies);
          noteForAudit(request, {
            outcome: 'signed_in',
            _id: done.info._id,
            name: done.info.name,
            email: done.info.email,
            created: done.created,
          });
          return reply.redirect(loginWith('done', done.next), 302);
        } catch (error) {
          if (error instanceof SsoRefused)
            noteForAudit(request, { outcome: 'refused', reason: error.reason, email: error.email });
          return refused(reply, error);
        }
      },
    );
  };
}
