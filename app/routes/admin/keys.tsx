/*
 * Keys for apps and partners, for administrators (issue 41 item 1): the keys without their
 * secrets, when each was last used and its requests today; creating one (the key shown once)
 * and revoking one (it answers 401 from then on).
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { ApiKey, ApiKeyCreated } from '../../../common/schemas/keys';
import { AdminRouteError } from '../../components/admin/route-error';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DataTable, type Column } from '../../components/admin/data-table';
import { ShownOnce } from '../../components/admin/shown-once';
import { formatMoment, useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { KeyForm } from '../../features/keys/key-form';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/keys';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { keys: await adminApi<ApiKey[]>('/api/keys') };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminKeys({ loaderData }: Route.ComponentProps) {
  const ui = useAdminInterface();
  const { t, say } = ui;
  const k = t.keys;
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = async (key: ApiKey) => {
    setRevoking(null);
    try {
      await adminApi(`/api/keys/${key._id}`, { method: 'DELETE' });
      toast.success(k.revoked(key.name));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
    await revalidator.revalidate();
  };

  const columns = keyColumns(ui, setRevoking);

  return (
    <>
      <h1 className="h3 mb-2">{k.title}</h1>
      <p className="text-muted">{k.intro}</p>
      <section className="card mb-4" aria-labelledby="key-add-heading">
        <div className="card-body">
          <h2 id="key-add-heading" className="h5">
            {k.addHeading}
          </h2>
          <KeyForm
            onCreated={(answer) => {
              setCreated(answer);
              toast.success(k.created);
              void revalidator.revalidate();
            }}
          />
          {created && (
            <ShownOnce
              label={k.keyLabel}
              warning={k.keyOnce}
              value={created.key}
              copyLabel={k.copy}
              copiedText={k.copied}
              doneLabel={k.hideKey}
              onDone={() => setCreated(null)}
            />
          )}
        </div>
      </section>
      <h2 className="h5">{k.listLabel}</h2>
      <DataTable columns={columns} rows={loaderData.keys} empty={k.none} />
      {revoking && (
        <ConfirmDialog
          question={k.confirmRevoke(revoking.name)}
          confirmLabel={k.confirmRevokeYes}
          cancelLabel={k.cancel}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  );
}

/** The keys' columns; a key not yet revoked has its "Revoke" button, named by the key. */
function keyColumns(
  ui: ReturnType<typeof useAdminInterface>,
  onRevoke: (key: ApiKey) => void,
): Column<ApiKey>[] {
  const { t, locale } = ui;
  const k = t.keys;
  return [
    { header: k.columns.name, cell: (key) => key.name },
    { header: k.columns.scopes, cell: (key) => <code>{key.scopes.join(', ')}</code> },
    { header: k.columns.rateLimit, cell: (key) => k.perMinute(key.rateLimit) },
    { header: k.columns.prefix, cell: (key) => <code>{key.prefix}</code> },
    {
      header: k.columns.lastUsed,
      cell: (key) => (key.lastUsedAt ? formatMoment(new Date(key.lastUsedAt), ui) : k.never),
    },
    { header: k.columns.today, cell: (key) => key.requestsToday.toLocaleString(locale) },
    {
      header: k.columns.state,
      cell: (key) => (
        <span className={`badge ${key.revokedAt ? 'text-bg-secondary' : 'text-bg-success'}`}>
          {key.revokedAt ? k.revokedState : k.active}
        </span>
      ),
    },
    {
      header: k.columns.actions,
      cell: (key) =>
        key.revokedAt ? null : (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={`${k.revoke}: ${key.name}`}
            onClick={() => onRevoke(key)}
          >
            {k.revoke}
          </button>
        ),
    },
  ];
}

export const ErrorBoundary = AdminRouteError;
