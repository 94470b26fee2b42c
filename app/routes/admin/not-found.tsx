import { data, Link } from 'react-router';
import { useAdminCopy } from '../../copy/admin-language';

/** The admin catch-all: a not-found panel inside the shell. */
export default function AdminNotFound() {
  const t = useAdminCopy();
  return (
    <div className="card">
      <div className="card-body">
        <h1 className="h3">{t.notFound.title}</h1>
        <p>{t.notFound.body}</p>
        <Link to="/admin/dashboard" className="btn btn-primary">
          {t.nav.dashboard}
        </Link>
      </div>
    </div>
  );
}

export function loader() {
  return data(null, { status: 404 });
}
