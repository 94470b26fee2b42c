import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/actor';
import { forbidden } from '../lib/errors';
import { TOKEN_LIFETIME_SECONDS } from '../lib/tokens';
import type { UsersService } from '../modules/users/users-service';

export const AUTH_COOKIE = 'patrika_token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request on first use. */
    actor(): Promise<Actor | null>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The host of an Origin header; "null" (sandboxed frames, file pages) and junk have none. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** The token of a request: `Authorization: Bearer …` first, else the sign-in cookie. */
export function tokenOf(
  request: FastifyRequest,
): { token: string; from: 'header' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), from: 'header' };
  const cookie = request.cookies?.[AUTH_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : undefined;
}

/**
 * Who is asking (DECISIONS.md §1). Cookie-authenticated writes from another origin are refused:
 * SameSite=Lax already keeps the cookie off cross-site posts; this guards older browsers.
 */
export function registerAuth(app: FastifyInstance, users: UsersService) {
  app.decorateRequest('actor', function (this: FastifyRequest) {
    const cached = (this as unknown as { _actor?: Promise<Actor | null> })._actor;
    if (cached) return cached;
    const resolved = (async () => {
      const found = tokenOf(this);
      if (!found) return null;
      if (found.from === 'cookie' && !SAFE_METHODS.has(this.method)) {
        const origin = this.headers.origin;
        if (origin !== undefined && originHost(origin) !== this.host)
          throw forbidden('auth.cross_site');
      }
      return users.authenticate(found.token);
    })();
    (this as unknown as { _actor?: Promise<Actor | null> })._actor = resolved;
    return resolved;
  });
}

export function setAuthCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: TOKEN_LIFETIME_SECONDS,
  });
}

export function clearAuthCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(AUTH_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
