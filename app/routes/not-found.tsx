import { data } from 'react-router';
import { appContext } from '../../common/services';
import { NotFoundPanel } from '../components/error-boundary';
import { redirectFormerAddress } from '../features/redirects/former-address';
import type { Route } from './+types/not-found';

/**
 * Any unknown address, and /404, render the Not Found page with status 404 (DECISIONS.md §6),
 * unless it is an old site's address of an imported article: then a 301 (DECISIONS.md §15).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectFormerAddress(context.get(appContext), request);
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return <NotFoundPanel />;
}
