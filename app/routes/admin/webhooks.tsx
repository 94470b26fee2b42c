/*
 * Signed webhooks for administrators (issue 41 item 3): the addresses told of events, adding
 * one (its signing secret shown once), changing, turning off and on, deleting, and each one's
 * deliveries with "Send again". The server refuses everyone else; this screen only asks.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { Webhook, WebhookCreated } from '../../../common/schemas/webhooks';
import { AdminRouteError } from '../../components/admin/route-error';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DataTable, type Column } from '../../components/admin/data-table';
import { ShownOnce } from '../../components/admin/shown-once';
import { formatMoment, useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { requireScreen } from '../../features/session/screen-guard';
import { WebhookDeliveries } from '../../features/webhooks/webhook-deliveries';
import { WebhookForm } from '../../features/webhooks/webhook-form';
import type { Route } from './+types/webhooks';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { webhooks: await adminApi<Webhook[]>('/api/webhooks') };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const ui = useAdminInterface();
  const { t, say } = ui;
  const w = t.webhooks;
  const { webhooks } = loaderData;
  const revalidator = useRevalidator();
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const shownWebhook = webhooks.find((h) => h._id === shown);

  /** A call, its toast, and the list asked again. */
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
    await revalidator.revalidate();
  };

  const turn = (h: Webhook, enabled: boolean) =>
    act(
      () =>
        adminApi(`/api/webhooks/${h._id}`, {
          method: 'PUT',
          body: { url: h.url, events: h.events, description: h.description, enabled },
        }),
      enabled ? w.turnedOn : w.turnedOff,
    );

  const remove = (h: Webhook) => {
    setDeleting(null);
    if (shown === h._id) setShown(null);
    void act(() => adminApi(`/api/webhooks/${h._id}`, { method: 'DELETE' }), w.deleted);
  };

  const columns: Column<Webhook>[] = [
    { header: w.columns.url, cell: (h) => <span className="text-break">{h.url}</span> },
    {
      header: w.columns.events,
      cell: (h) => (
        <ul className="list-unstyled mb-0 small">
          {h.events.map((e) => (
            <li key={e}>
              <code>{e}</code>
            </li>
          ))}
        </ul>
      ),
    },
    { header: w.columns.description, cell: (h) => h.description },
    {
      header: w.columns.state,
      cell: (h) => (
        <span className={`badge ${h.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
          {h.enabled ? w.on : w.off}
        </span>
      ),
    },
    {
      header: w.columns.failingSince,
      cell: (h) => (h.failingSince ? formatMoment(new Date(h.failingSince), ui) : w.notFailing),
    },
    {
      header: w.columns.actions,
      cell: (h) => (
        <div className="d-flex flex-wrap gap-1">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`${w.edit}: ${h.url}`}
            aria-pressed={editing === h._id}
            onClick={() => setEditing(editing === h._id ? null : h._id)}
          >
            {w.edit}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`${h.enabled ? w.turnOff : w.turnOn}: ${h.url}`}
            onClick={() => void turn(h, !h.enabled)}
          >
            {h.enabled ? w.turnOff : w.turnOn}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`${w.deliveries}: ${h.url}`}
            aria-expanded={shown === h._id}
            onClick={() => setShown(shown === h._id ? null : h._id)}
          >
            {shown === h._id ? w.hideDeliveries : w.deliveries}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={`${w.delete}: ${h.url}`}
            onClick={() => setDeleting(h)}
          >
            {w.delete}
          </button>
        </div>
      ),
    },
  ];

  const editingWebhook = webhooks.find((h) => h._id === editing);

  return (
    <>
      <h1 className="h3 mb-2">{w.title}</h1>
      <p className="text-muted">{w.intro}</p>
      <section className="card mb-4" aria-labelledby="webhook-add-heading">
        <div className="card-body">
          <h2 id="webhook-add-heading" className="h5">
            {w.addHeading}
          </h2>
          <WebhookForm
            onCreated={(created) => {
              setSecret(created);
              toast.success(w.added);
              void revalidator.revalidate();
            }}
          />
          {secret && (
            <ShownOnce
              label={w.secretLabel}
              warning={w.secretOnce}
              value={secret.secret}
              copyLabel={w.copy}
              copiedText={w.copied}
              doneLabel={w.hideSecret}
              onDone={() => setSecret(null)}
            />
          )}
        </div>
      </section>
      {editingWebhook && (
        <section className="card mb-4" aria-labelledby="webhook-edit-heading">
          <div className="card-body">
            <h2 id="webhook-edit-heading" className="h5 text-break">
              {w.editHeading(editingWebhook.url)}
            </h2>
            <WebhookForm
              key={editingWebhook._id}
              webhook={editingWebhook}
              onSaved={() => {
                setEditing(null);
                toast.success(w.saved);
                void revalidator.revalidate();
              }}
              onCancel={() => setEditing(null)}
            />
          </div>
        </section>
      )}
      <h2 className="h5">{w.listLabel}</h2>
      <DataTable columns={columns} rows={webhooks} empty={w.none} />
      {shownWebhook && <WebhookDeliveries key={shownWebhook._id} webhook={shownWebhook} />}
      {deleting && (
        <ConfirmDialog
          question={w.confirmDelete(deleting.url)}
          confirmLabel={w.confirmDeleteYes}
          cancelLabel={w.cancel}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
