import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { adminCopy as t } from '../../copy/admin';

/** A back-office page that could not load: the reason, inside the shell (the sidebar stays). */
export function AdminRouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="alert alert-danger" role="alert">
      <h1 className="h5">{t.error.title}</h1>
      <p className="mb-2">{message}</p>
      <Link to="/admin/dashboard" className="alert-link">
        {t.nav.dashboard}
      </Link>
    </div>
  );
}
