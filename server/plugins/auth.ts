import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStaff, type Role } from '../../common/roles';
import type { Actor } from '../lib/actor';
import { forbidden } from '../lib/errors';
import { TOKEN_LIFETIME_SECONDS } from '../lib/tokens';
import type { UsersService } from '../modules/users/users-service';
import { secondFactorRequired, type TwoFactorPolicy } from '../../common/settings';
import { AUTH_COOKIE, READER_COOKIE } from '../../common/session-cookies';
import { MEMBER_COOKIE } from '../../common/article-access';
import { PAGE_SEGMENTS, PASSKEYS_PATH, SERVER_SEGMENTS, TWO_FACTOR_PATH } from '../../common/paths';

export { AUTH_COOKIE, READER_COOKIE };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request on first use. */
    actor(): Promise<Actor | null>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a write came from our own pages. An Origin of another host is refused; "null" too
 * (sandboxed frames, file pages), except where the browser says the request is same-origin:
 * under `Referrer-Policy: no-referrer` Chromium sends `Origin: null` with a plain form's POST
 * from our own page (the reading pages' Sign Out), and `Sec-Fetch-Site` tells the two apart.
 */
function sameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return request.headers['sec-fetch-site'] === 'same-origin';
  return originHost(origin) === request.host;
}

/** The host of an Origin header; "null" (sandboxed frames, file pages) and junk have none. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * The token of a request: `Authorization: Bearer …` first, else the staff sign-in cookie, else a
 * reader's (`reader` says it came in the reader's cookie).
 */
export function tokenOf(
  request: FastifyRequest,
): { token: string; from: 'header' | 'cookie'; reader?: true } | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), from: 'header' };
  const cookie = request.cookies?.[AUTH_COOKIE];
  if (cookie) return { token: cookie, from: 'cookie' };
  const reader = request.cookies?.[READER_COOKIE];
  return reader ? { token: reader, from: 'cookie', reader: true } : undefined;
}

/** A session whose pages are its own (an Authorization header, the staff cookie): never cached. */
export function hasOwnPages(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || Boolean(request.cookies?.[AUTH_COOKIE]);
}

/**
 * The writes a person whom the policy asks for a second factor may still make without one
 * (issue 40 item 3): setting it up (codes or a passkey), and signing out (the API's calls, and
 * the header's form, which posts to /logout as a document or as React Router's `.data`
 * request).
 */
const WITHOUT_SECOND_FACTOR = [`${TWO_FACTOR_PATH}/`, PASSKEYS_PATH, '/api/users/signout'];
const LOGOUT = `/${PAGE_SEGMENTS.logout}`;
const pathOf = (url: string) => url.split('?')[0] ?? '';
export const mayWriteWithoutSecondFactor = (url: string) => {
  const path = pathOf(url);
  return (
    path === TWO_FACTOR_PATH ||
    path === LOGOUT ||
    path === `${LOGOUT}.data` ||
    WITHOUT_SECOND_FACTOR.some((prefix) => path.startsWith(prefix))
  );
};

/** Who is signed in (the account, and a reader's own state), and their sessions. */
const OWN_PATHS = new Set(
  ['users/me', 'me', 'me/sessions'].map((path) => `/${SERVER_SEGMENTS.api}/${path}`),
);
/**
 * The reads such a person may make (issue 66 item 7): the calls above, who they are and their
 * sessions (ending them all is signing out everywhere). Every other call of the API answers
 * 403, reads included (a held editor listed drafts before). The pages are not refused here:
 * the back office's screens send them to the set-up (app/features/session/screen-guard.ts),
 * and the set-up itself is a page.
 */
export const mayReadWithoutSecondFactor = (url: string) => {
  const path = pathOf(url);
  return (
    !path.startsWith(`/${SERVER_SEGMENTS.api}/`) ||
    OWN_PATHS.has(path) ||
    mayWriteWithoutSecondFactor(url)
  );
};

/**
 * Who is asking (DECISIONS.md §1). Cookie-authenticated writes from another origin are refused:
 * SameSite=Lax already keeps the cookie off cross-site posts; this guards older browsers.
 */
export function registerAuth(
  app: FastifyInstance,
  users: UsersService,
  policy: () => Promise<TwoFactorPolicy> = async () => 'none',
) {
  app.decorateRequest('actor', function (this: FastifyRequest) {
    const cached = (this as unknown as { _actor?: Promise<Actor | null> })._actor;
    if (cached) return cached;
    const resolved = (async () => {
      const found = tokenOf(this);
      if (!found) return null;
      if (found.from === 'cookie' && !SAFE_METHODS.has(this.method)) {
        if (!sameSite(this)) throw forbidden('auth.cross_site');
      }
      const actor = await users.authenticate(found.token);
      // The policy's gate: no call answers such a person until they add a second factor,
      // but the set-up, their own account and sessions, and signing out.
      const may = SAFE_METHODS.has(this.method)
        ? mayReadWithoutSecondFactor
        : mayWriteWithoutSecondFactor;
      if (
        actor &&
        !actor.secondFactor &&
        !may(this.url) &&
        secondFactorRequired(await policy(), actor.role)
      )
        throw forbidden('auth.second_factor_required');
      return actor;
    })();
    (this as unknown as { _actor?: Promise<Actor | null> })._actor = resolved;
    return resolved;
  });
}

/** The session's cookie: a reader's own, or the staff one; the other is cleared. */
export function setAuthCookie(
  reply: FastifyReply,
  info: { token: string; role: Role },
  secure: boolean,
) {
  const [name, other] = isStaff(info.role)
    ? [AUTH_COOKIE, READER_COOKIE]
    : [READER_COOKIE, AUTH_COOKIE];
  reply.setCookie(name, info.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: TOKEN_LIFETIME_SECONDS,
  });
  reply.clearCookie(other, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/**
 * The member's hint (issue 39 item 3): set while the reader's class opens members' stories, so
 * their pages are made for their class; cleared otherwise. It decides nothing by itself: the
 * server reads the class from the session (server/http.ts `readerClassOf`).
 */
export function setMemberCookie(reply: FastifyReply, member: boolean, secure: boolean) {
  const options = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  if (member) reply.setCookie(MEMBER_COOKIE, '1', { ...options, maxAge: TOKEN_LIFETIME_SECONDS });
  else reply.clearCookie(MEMBER_COOKIE, options);
}

export function clearAuthCookie(reply: FastifyReply, secure: boolean) {
  for (const name of [AUTH_COOKIE, READER_COOKIE, MEMBER_COOKIE])
    reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
