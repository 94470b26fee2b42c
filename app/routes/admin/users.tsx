import { useState } from 'react';
import { AdminRouteError } from '../../components/admin/route-error';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { toast } from 'react-toastify';
import { ROLES, type Role } from '../../../common/roles';
import { USERS_PAGE_SIZE, type User } from '../../../common/schemas/users';
import { DataTable, type Column } from '../../components/admin/data-table';
import { Pager } from '../../components/admin/pager';
import { requireScreen } from '../../features/session/screen-guard';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import { InviteForm } from '../../features/users/invite-form';
import type { Route } from './+types/users';
import { saidOf } from '../../copy/refusals';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const page = pageParam(request.url);
  return adminApi<{ users: User[]; currentPage: number; totalPages: number }>(
    `/api/users?page=${page}&limit=${USERS_PAGE_SIZE}`,
  );
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

/** Administrators give roles (DECISIONS.md §2); the server keeps at least one administrator. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t, locale, say } = useAdminInterface();
  const { users, currentPage, totalPages } = loaderData;
  const list = useListPage({ currentPage, rowsOnPage: users.length });

  /** The role change waiting for its answer in the dialog; the select keeps the old role. */
  const [pending, setPending] = useState<{ user: User; role: Role } | null>(null);

  const askRole = (user: User, role: Role) => {
    if (role !== user.role) setPending({ user, role });
  };

  const changeRole = async (user: User, role: Role) => {
    setPending(null);
    try {
      await adminApi(`/api/users/${user._id}/role`, { method: 'PUT', body: { role } });
      toast.success(t.users.changed(user.name, t.roles[role]));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
    await list.reload();
  };

  /** Imported authors have no password until an administrator sets one. */
  const setPassword = async (user: User) => {
    const password = window.prompt(t.users.askPassword(user.name));
    if (!password) return;
    try {
      await adminApi(`/api/users/${user._id}/password`, { method: 'PUT', body: { password } });
      toast.success(t.users.passwordSet(user.name));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  const columns: Column<User>[] = [
    { header: t.users.name, cell: (u) => u.name },
    { header: t.users.email, cell: (u) => u.email },
    {
      header: t.users.role,
      cell: (u) => <RoleSelect user={u} onChange={(role) => askRole(u, role)} />,
    },
    {
      header: t.users.joined,
      cell: (u) =>
        new Date(u.createdAt).toLocaleDateString(locale, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
        }),
    },
    {
      header: t.users.password,
      cell: (u) => (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          aria-label={`${t.users.setPassword}: ${u.name}`}
          onClick={() => void setPassword(u)}
        >
          {t.users.setPassword}
        </button>
      ),
    },
  ];

  return (
    <>
      <h1 className="h3 mb-4">{t.users.title}</h1>
      <InviteForm />
      <DataTable columns={columns} rows={users} />
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
      {pending && (
        <ConfirmDialog
          question={t.users.confirmRole(pending.user.name, t.roles[pending.role])}
          confirmLabel={t.users.confirmChange}
          cancelLabel={t.users.cancel}
          onConfirm={() => void changeRole(pending.user, pending.role)}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}

/** A user's role; choosing another one asks first (the value stays until the change is made). */
function RoleSelect({ user, onChange }: { user: User; onChange: (role: Role) => void }) {
  const t = useAdminCopy();
  return (
    <select
      className="form-select form-select-sm role-select w-auto"
      aria-label={`${t.users.role}: ${user.name}`}
      value={user.role}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t.roles[r]}
        </option>
      ))}
    </select>
  );
}

export const ErrorBoundary = AdminRouteError;
