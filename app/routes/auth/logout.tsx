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
  return redirect('/', {
    headers: { 'Set-Cookie': 'patrika_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax' },
  });
}

export const loader = () => redirect('/');
