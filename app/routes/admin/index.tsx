import { redirect } from 'react-router';
import { backOfficeHome } from '../../../common/roles';
import { appContext } from '../../../common/services';
import type { Route } from './+types/index';

/** /admin opens the dashboard (a moderator's: the comments' queue, their one screen). */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await context.get(appContext).user();
  return redirect(me ? backOfficeHome(me.role) : '/admin/dashboard');
}
