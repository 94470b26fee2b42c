/*
 * Signed webhooks for administrators (issue 41 item 3): the addresses told of events, adding
 * one (its signing secret shown once), changing, turning off and on, deleting, and each one's
 * deliveries with "Send again". The server refuses everyone else; this screen only asks.
 */
import { useState, type ReactNode } from 'react';
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

  const columns = webhookColumns(ui, (h) => (
    <WebhookActions
      webhook={h}
      editing={editing === h._id}
      shown={shown === h._id}
      onEdit={() => setEditing(editing === h._id ? null : h._id)}
      onTurn={() => void turn(h, !h.enabled)}
      onShow={() => setShown(shown === h._id ? null : h._id)}
      onDelete={() => setDeleting(h)}
    />
  ));

  const editingWebhook = webhooks.find((h) => h._id === editing);

  return (
    <>
      <h1 className="h3 mb-2">{w.title}</h1>
      <p className="text-muted">{w.intro}</p>
      <AddWebhook onAdded={() => void revalidator.revalidate()} />
      {editingWebhook && (
        <EditWebhook
          key={editingWebhook._id}
          webhook={editingWebhook}
          onDone={(saved) => {
            setEditing(null);
            if (saved) void revalidator.revalidate();
          }}
        />
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

/** The edit form of one webhook; `onDone(true)` once saved, `onDone(false)` on cancel. */
function EditWebhook({ webhook, onDone }: { webhook: Webhook; onDone: (saved: boolean) => void }) {
  const w = useAdminCopy().webhooks;
  return (
    <section className="card mb-4" aria-labelledby="webhook-edit-heading">
      <div className="card-body">
        <h2 id="webhook-edit-heading" className="h5 text-break">
          {w.editHeading(webhook.url)}
        </h2>
        <WebhookForm
          webhook={webhook}
          onSaved={() => {
            toast.success(w.saved);
            onDone(true);
          }}
          onCancel={() => onDone(false)}
        />
      </div>
    </section>
  );
}

/** The add form, and the new webhook's secret shown once under it. */
function AddWebhook({ onAdded }: { onAdded: () => void }) {
  const w = useAdminCopy().webhooks;
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  return (
    <section className="card mb-4" aria-labelledby="webhook-add-heading">
      <div className="card-body">
        <h2 id="webhook-add-heading" className="h5">
          {w.addHeading}
        </h2>
        <WebhookForm
          onCreated={(created) => {
            setSecret(created);
            toast.success(w.added);
            onAdded();
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
  );
}

/** The webhooks' columns; `actions` draws a row's buttons. */
function webhookColumns(
  ui: ReturnType<typeof useAdminInterface>,
  actions: (h: Webhook) => ReactNode,
): Column<Webhook>[] {
  const w = ui.t.webhooks;
  return [
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
    { header: w.columns.actions, cell: actions },
  ];
}

/** A webhook's buttons, each named by its address: edit, off/on, deliveries, delete. */
function WebhookActions({
  webhook: h,
  editing,
  shown,
  onEdit,
  onTurn,
  onShow,
  onDelete,
}: {
  webhook: Webhook;
  editing: boolean;
  shown: boolean;
  onEdit: () => void;
  onTurn: () => void;
  onShow: () => void;
  onDelete: () => void;
}) {
  const w = useAdminCopy().webhooks;
  return (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${w.edit}: ${h.url}`}
        aria-pressed={editing}
        onClick={onEdit}
      >
        {w.edit}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${h.enabled ? w.turnOff : w.turnOn}: ${h.url}`}
        onClick={onTurn}
      >
        {h.enabled ? w.turnOff : w.turnOn}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${w.deliveries}: ${h.url}`}
        aria-expanded={shown}
        onClick={onShow}
      >
        {shown ? w.hideDeliveries : w.deliveries}
      </button>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        aria-label={`${w.delete}: ${h.url}`}
        onClick={onDelete}
      >
        {w.delete}
      </button>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
