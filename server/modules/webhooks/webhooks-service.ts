import { randomBytes } from 'node:crypto';
import type {
  Webhook,
  WebhookCreated,
  WebhookDelivery,
  WebhookInput,
} from '../../../common/schemas/webhooks';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError, notFound } from '../../lib/errors';
import { privateHostOf } from '../../lib/public-address';
import { webhookDelivery, type DeliveryDeps } from './webhook-delivery';
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  updateWebhook,
  type DeliveryRow,
  type WebhookRow,
} from './webhooks-repository';

/** Deliveries a webhook's list shows, newest first. */
export const DELIVERIES_LISTED = 100;

const view = (row: WebhookRow): Webhook => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.disabledAt === null,
  failingSince: row.failingSince?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.lastError,
  at: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
});

/** Refuses an address on loopback or a private network, or a name resolving to one. */
async function publicAddress(url: string, allowPrivate: boolean) {
  if (allowPrivate) return;
  const refused = await privateHostOf(new URL(url));
  if (refused?.unknown) throw fieldError('url', 'webhook.url_no_address');
  if (refused) throw fieldError('url', 'webhook.url_private');
}

/**
 * Signed webhooks (issue 41 item 3; docs/decisions/053): administrators keep the list; the
 * deliveries follow the events (webhook-delivery.ts). An address on loopback or a private
 * network, or a name resolving to one, is refused unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE);
 * the sender checks again when it connects.
 */
export function createWebhooksService(deps: DeliveryDeps & { allowPrivate: boolean }) {
  const { db, clock } = deps;
  const delivery = webhookDelivery(deps);
  const admin = (actor: Actor | null) => requireRole(actor, 'administrator', 'webhook.forbidden');
  const found = async (id: string) => {
    const row = await findWebhook(db, id);
    if (!row) throw notFound('webhook.not_found');
    return row;
  };
  const checkAddress = (url: string) => publicAddress(url, deps.allowPrivate);

  return {
    delivery,
    /** Closes the sender's kept-alive connections. */
    close: () => deps.sender.close(),

    async create(actor: Actor | null, input: WebhookInput): Promise<WebhookCreated> {
      const by = admin(actor);
      await checkAddress(input.url);
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      const row = await insertWebhook(db, {
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? '',
        secret,
        createdBy: by.id,
      });
      const disabled = input.enabled === false;
      const stored = disabled
        ? ((await updateWebhook(db, row.id, { disabledAt: clock.now() }, clock.now())) ?? row)
        : row;
      return { ...view(stored), secret };
    },

    async list(actor: Actor | null): Promise<Webhook[]> {
      admin(actor);
      return (await listWebhooks(db)).map(view);
    },

    async get(actor: Actor | null, id: string): Promise<Webhook> {
      admin(actor);
      return view(await found(id));
    },

    async update(actor: Actor | null, id: string, input: WebhookInput): Promise<Webhook> {
      admin(actor);
      const row = await found(id);
      await checkAddress(input.url);
      const now = clock.now();
      const enabled = input.enabled ?? row.disabledAt === null;
      const updated = await updateWebhook(
        db,
        id,
        {
          url: input.url,
          events: [...new Set(input.events)],
          description: input.description ?? row.description,
          // Started again: its failures so far are forgotten.
          ...(enabled ? { disabledAt: null } : { disabledAt: row.disabledAt ?? now }),
          ...(enabled && row.disabledAt ? { failingSince: null } : {}),
        },
        now,
      );
      if (!updated) throw notFound('webhook.not_found');
      return view(updated);
    },

    async remove(actor: Actor | null, id: string): Promise<void> {
      admin(actor);
      if (!(await deleteWebhook(db, id))) throw notFound('webhook.not_found');
    },

    async deliveries(actor: Actor | null, id: string): Promise<WebhookDelivery[]> {
      admin(actor);
      await found(id);
      return (await listDeliveries(db, id, DELIVERIES_LISTED)).map(deliveryView);
    },

    /** Sends one delivery again now; answers it as it is after the attempt. */
    async retry(actor: Actor | null, id: string, deliveryId: string): Promise<WebhookDelivery> {
      admin(actor);
      const row = await findDelivery(db, deliveryId);
      if (!row || row.webhookId !== id) throw notFound('webhook.delivery_not_found');
      const after = await delivery.again(row);
      return deliveryView(after ?? row);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
