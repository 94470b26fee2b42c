import { RequireRole } from '../../components/admin/require-role';
import { AdminRouteError } from '../../components/admin/route-error';
import { useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ROLES, type Role } from '../../../common/roles';
import type { User } from '../../../common/schemas/users';
import { Pager } from '../../components/admin/pager';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { pageFromUrl } from '../../features/api/page-param';
import type { Route } from './+types/users';

const PAGE_SIZE = 20;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageFromUrl(request.url);
  return adminApi<{ users: User[]; currentPage: number; totalPages: number }>(
    `/api/users?page=${page}&limit=${PAGE_SIZE}`,
  );
}

export function HydrateFallback() {
  return <p>{t.loading}</p>;
}

/** Administrators give roles (DECISIONS.md §2); the server keeps at least one administrator. */
function AdminUsersScreen({ loaderData }: Route.ComponentProps) {
  const { users, currentPage, totalPages } = loaderData;
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();

  const changeRole = async (user: User, role: Role) => {
    if (role === user.role || !window.confirm(t.users.confirmRole(user.name, role))) {
      await revalidator.revalidate();
      return;
    }
    try {
      await adminApi(`/api/users/${user._id}/role`, { method: 'PUT', body: { role } });
      toast.success(t.users.changed(user.name, role));
    } catch (error) {
      toast.error((error as Error).message);
    }
    await revalidator.revalidate();
  };

  return (
    <>
      <h1 className="h3 mb-4">{t.users.title}</h1>
      <div className="table-responsive">
        <table className="table table-striped align-middle bg-white">
          <thead>
            <tr>
              <th scope="col">{t.users.name}</th>
              <th scope="col">{t.users.email}</th>
              <th scope="col">{t.users.role}</th>
              <th scope="col">{t.users.joined}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u._id}>
                <td>{u.name}</td>
                <td>{u.email}</td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    aria-label={`${t.users.role}: ${u.name}`}
                    value={u.role}
                    onChange={(e) => void changeRole(u, e.target.value as Role)}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {new Date(u.createdAt).toLocaleDateString('en-IN', {
                    year: 'numeric',
                    month: 'short',
                    day: 'numeric',
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={currentPage}
        totalPages={totalPages}
        onPage={(n) => setParams({ page: String(n) })}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;

export default function AdminUsers(props: Parameters<typeof AdminUsersScreen>[0]) {
  return (
    <RequireRole min="administrator">
      <AdminUsersScreen {...props} />
    </RequireRole>
  );
}
