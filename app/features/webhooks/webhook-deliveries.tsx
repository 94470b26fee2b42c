import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { Webhook, WebhookDelivery } from '../../../common/schemas/webhooks';
import { DataTable, type Column } from '../../components/admin/data-table';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';

/** How often the open list asks again, so a new event's delivery shows without a click. */
const REFRESH_MS = 5_000;

/**
 * A webhook's deliveries, newest first (`GET /api/webhooks/{id}/deliveries`), asked again
 * while shown; each can be sent again (`POST …/deliveries/{deliveryId}/retry`).
 */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const ui = useAdminInterface();
  const { t, say } = ui;
  const w = t.webhooks;
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const path = `/api/webhooks/${webhook._id}/deliveries`;

  const load = useCallback(async () => {
    try {
      setDeliveries(await adminApi<WebhookDelivery[]>(path));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  }, [path, say]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const sendAgain = async (delivery: WebhookDelivery) => {
    setBusy(delivery._id);
    try {
      const after = await adminApi<WebhookDelivery>(`${path}/${delivery._id}/retry`, {
        method: 'POST',
      });
      toast.success(w.sentAgain(statusOf(w, after)));
      await load();
    } catch (error) {
      toast.error(say(saidOf(error)));
    } finally {
      setBusy(null);
    }
  };

  const columns = deliveryColumns(ui, busy !== null, (d) => void sendAgain(d));

  return (
    <section className="card mt-4" aria-labelledby={`deliveries-${webhook._id}`}>
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 id={`deliveries-${webhook._id}`} className="h5 mb-0 text-break">
            {w.deliveriesOf(webhook.url)}
          </h2>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void load()}
          >
            {w.refresh}
          </button>
        </div>
        {deliveries === null ? (
          <p>{t.loading}</p>
        ) : (
          <DataTable columns={columns} rows={deliveries} empty={w.noDeliveries} />
        )}
      </div>
    </section>
  );
}

type Copy = ReturnType<typeof useAdminInterface>['t']['webhooks'];

const statusOf = (w: Copy, d: WebhookDelivery) =>
  w.statuses[d.status as keyof Copy['statuses']] ?? d.status;

/** The deliveries' columns; each row's "Send again" names its event and time. */
function deliveryColumns(
  ui: ReturnType<typeof useAdminInterface>,
  busy: boolean,
  sendAgain: (d: WebhookDelivery) => void,
): Column<WebhookDelivery>[] {
  const w = ui.t.webhooks;
  return [
    { header: w.deliveryColumns.event, cell: (d) => <code>{d.event}</code> },
    { header: w.deliveryColumns.status, cell: (d) => statusOf(w, d) },
    { header: w.deliveryColumns.attempts, cell: (d) => d.attempts },
    {
      header: w.deliveryColumns.responseStatus,
      cell: (d) => (d.responseStatus === null ? w.noAnswer : d.responseStatus),
    },
    { header: w.deliveryColumns.at, cell: (d) => formatMoment(new Date(d.at), ui) },
    {
      header: w.deliveryColumns.actions,
      cell: (d) => (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={busy}
          aria-label={`${w.sendAgain}: ${d.event}, ${formatMoment(new Date(d.at), ui)}`}
          onClick={() => sendAgain(d)}
        >
          {w.sendAgain}
        </button>
      ),
    },
  ];
}
