import { data, redirect, type RouterContextProvider } from 'react-router';
import { hasRole, mayModerate, type Role } from '../../../common/roles';
import { TWO_STEP_SETUP_PATH } from '../../../common/paths';
import { secondFactorRequired } from '../../../common/settings';
import { appContext, type SessionUser } from '../../../common/services';

/** What a 403 from a back-office screen carries: the role the screen needs. */
export interface NoAccessData {
  needs: Role;
}

/**
 * The server-side gate of a back-office screen (DECISIONS.md §2): signed out → /login with the
 * way back; a role below `min` → 403, which the error boundary shows as "No access". Runs in
 * the screen's server loader, so the HTML answer carries the status before any data is fetched.
 */
export async function requireScreen(
  context: Readonly<RouterContextProvider>,
  request: Request,
  min: Role,
): Promise<SessionUser> {
  return screenFor(context, request, min, (role) => hasRole(role, min));
}

/**
 * The comments' queue (issue 42 item 2): moderators, editors and administrators; authors get
 * "No access", told it needs an editor (common/roles.ts `mayModerate`; readers never get past
 * the layout's gate, which asks for a moderator).
 */
export const requireModeratorScreen = (
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionUser> => screenFor(context, request, 'editor', mayModerate);

async function screenFor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  needs: Role,
  allowed: (role: Role) => boolean,
): Promise<SessionUser> {
  const me = await context.get(appContext).user();
  if (!me) {
    const url = new URL(request.url);
    const back = url.pathname.replace(/\.data$/, '') + url.search;
    throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  }
  if (!allowed(me.role)) {
    throw data<NoAccessData>({ needs }, { status: 403, statusText: 'Forbidden' });
  }
  // The site's policy (issue 40 item 3): a person it asks for a second factor who has none
  // sees no back-office screen, only the set-up on their profile, until they add one.
  const { services } = context.get(appContext);
  const { twoFactorRequired } = await services.settings.get();
  if (
    secondFactorRequired(twoFactorRequired, me.role) &&
    !(await services.users.hasSecondFactor(me._id))
  )
    throw redirect(TWO_STEP_SETUP_PATH);
  return me;
}
