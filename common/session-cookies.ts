/*
 * The session cookies' names, shared by the server that sets them (server/plugins/auth.ts) and
 * the pages that clear them or hand a session to the browser (app/routes/auth/*).
 */

/** A staff member's session. */
export const AUTH_COOKIE = 'patrika_token';
/**
 * A reader's session (issue 37 item 1, docs/decisions/055): a cookie of its own, which neither
 * Patrika's page cache nor the shipped Varnish passes on.
 */
export const READER_COOKIE = 'patrika_reader';
export const SESSION_COOKIES = [AUTH_COOKIE, READER_COOKIE] as const;

/** The session token a request's Cookie header carries (staff first), if any. */
export function sessionTokenIn(cookieHeader: string): string | undefined {
  for (const name of SESSION_COOKIES) {
    const found = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookieHeader)?.[1];
    if (found) return decodeURIComponent(found);
  }
  return undefined;
}
