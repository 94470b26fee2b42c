import { SESSION_COOKIES } from '../../../common/session-cookies';
import { data, redirect } from 'react-router';
import { appContext } from '../../../common/services';
import type { Route } from './+types/logout';

/**
 * Signing out is a same-origin POST only (the public header's Sign Out form, with or without
 * JavaScript): it ends the token on the server and clears the cookie, the same cookie POST
 * /api/users/signout clears. A GET signs nobody out, or any page could sign its visitors out
 * with an image pointing here (docs/decisions/014); it just goes home.
 */
export async function action({ context }: Route.ActionArgs) {
  if (!(await context.get(appContext).signOut()))
    throw data({ message: 'Cross-site request refused.' }, { status: 403 });
  // Both sessions' cookies: a staff one and a reader's (issue 37 item 1).
  const headers = new Headers();
  for (const name of SESSION_COOKIES)
    headers.append('Set-Cookie', `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  return redirect('/', { headers });
}

export const loader = () => redirect('/');
