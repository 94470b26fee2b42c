/*
 * The elections the desk may open on counting day (issue 69 item 2), newest counting day first;
 * each opens its results desk.
 */
import { Link } from 'react-router';
import type { DeskElection } from '../../../common/schemas/elections';
import { nameIn } from '../../../common/election-names';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminInterface } from '../../copy/admin-language';
import { electionDeskCopy } from '../../copy/election-desk';
import { adminApi } from '../../features/api/admin-api';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/elections';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { elections: await adminApi<DeskElection[]>('/api/elections') };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

export default function AdminElections({ loaderData }: Route.ComponentProps) {
  const { lang } = useAdminInterface();
  const d = electionDeskCopy[lang];
  const { elections } = loaderData;
  return (
    <>
      <h1 className="h3 mb-2">{d.title}</h1>
      <p className="text-muted">{d.intro}</p>
      {elections.length === 0 ? (
        <p>{d.none}</p>
      ) : (
        <ul className="list-unstyled">
          {elections.map((e) => {
            const name = nameIn(e.name, lang);
            return (
              <li key={e._id} className="mb-2">
                <Link to={`/admin/elections/${e.slug}`} lang={name.lang}>
                  {d.open(name.text)}
                </Link>{' '}
                <span className="text-muted">({e.countingDate})</span>
                {e.rehearsal && <span className="badge text-bg-warning ms-2">{d.rehearsal}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
