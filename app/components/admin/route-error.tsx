import { isRouteErrorResponse, Link } from 'react-router';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf, type Said } from '../../copy/refusals';
import { GeneralErrorBoundary, NoAccess, neededRole } from '../error-boundary';

/** A back-office screen that could not load: the reason, inside the shell (the sidebar stays). */
function CouldNotLoad({ error }: { error: unknown }) {
  const { t, say } = useAdminInterface();
  // A route's own answer ("404 Not Found") by its status; anything thrown by what it says.
  const said: Said = isRouteErrorResponse(error)
    ? {
        message: `${error.status} ${error.statusText}`,
        code: error.status === 404 ? 'client.load_not_found' : 'client.request_failed',
        params: { status: error.status },
      }
    : saidOf(error);
  return (
    <div className="alert alert-danger" role="alert">
      <h1 className="h5">{t.error.title}</h1>
      <p className="mb-2">{say(said)}</p>
      <Link to="/admin/dashboard" className="alert-link">
        {t.nav.dashboard}
      </Link>
    </div>
  );
}

/**
 * The back office's use of the one error boundary: a 403 is the same "No access" view as
 * everywhere (inside the shell), anything else says why the screen could not load.
 */
export function AdminRouteError() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: (error) => <NoAccess needs={neededRole(error)} inShell />,
        404: (error) => <CouldNotLoad error={error} />,
      }}
      unexpected={(error) => <CouldNotLoad error={error} />}
    />
  );
}
