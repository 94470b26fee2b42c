import type { Db } from '../../../db/client';
import { WEBHOOK_EVENTS } from '../../../common/schemas/webhooks';
import type { Clock } from '../../lib/clock';
import type { StoredEvent } from '../../events/event-bus';
import type { JobsService } from '../jobs/jobs-service';
import type { WebhookSender } from './webhook-sender';
import {
  findDelivery,
  findWebhook,
  updateDelivery,
  updateWebhook,
  upsertDelivery,
  webhooksFor,
  type DeliveryRow,
} from './webhooks-repository';
import type { ErrorLog } from '../../lib/log';

/** The job that sends a delivery again when its time comes. */
export const WEBHOOK_RETRY_JOB = 'webhook-retry';
/**
 * How long after each failed attempt the next one goes (the schedule Standard Webhooks
 * suggests): 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 10 hours. A delivery is given up
 * (`failed`) once the next attempt would come more than GIVE_UP_MS after the event.
 */
export const RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];
export const GIVE_UP_MS = 24 * 3_600_000;
/** A webhook whose deliveries have failed this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

const WANTED = new Set<string>(WEBHOOK_EVENTS);

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobsService, 'schedule' | 'cancel'>;
  sender: WebhookSender;
  /** More about an event's subject for its body (an article's v1 representation), if any. */
  describe(event: StoredEvent): Promise<Record<string, unknown> | undefined>;
  /** A webhook was disabled after failing for days: administrators are told. */
  disabled?(webhook: { id: string; url: string }): Promise<void>;
  log?: ErrorLog;
}

const retryKey = (id: string) => `${WEBHOOK_RETRY_JOB}:${id}`;

/** The JSON body of an event's delivery: `{ type, timestamp, data }`. */
async function bodyOf(deps: DeliveryDeps, event: StoredEvent) {
  const more = await deps.describe(event);
  return JSON.stringify({
    type: event.type,
    timestamp: event.at.toISOString(),
    data: { id: event.subject.id, ...event.data, ...more },
  });
}

/** What a failed attempt leaves: the next try's time, or none (given up). */
function nextTry(delivery: DeliveryRow, attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  const at = new Date(now.getTime() + delay);
  return at.getTime() - delivery.createdAt.getTime() > GIVE_UP_MS ? null : at;
}

/**
 * Webhook deliveries (issue 41 item 3): the events' consumer writes one delivery per event and
 * webhook (once, however often it reads the event) and makes its first attempt; a failed
 * attempt is tried again by a job on RETRY_DELAYS_MS until it arrives or 24 hours pass.
 */
export function webhookDelivery(deps: DeliveryDeps) {
  const { db, clock } = deps;

  /** The webhook's failing time after this attempt; disables it after three days of failures. */
  const followFailures = async (webhookId: string, ok: boolean, now: Date) => {
    const webhook = await findWebhook(db, webhookId);
    if (!webhook) return;
    if (ok) {
      if (webhook.failingSince) await updateWebhook(db, webhookId, { failingSince: null }, now);
      return;
    }
    const since = webhook.failingSince ?? now;
    const disable = now.getTime() - since.getTime() >= DISABLE_AFTER_MS && !webhook.disabledAt;
    await updateWebhook(
      db,
      webhookId,
      { failingSince: since, ...(disable ? { disabledAt: now } : {}) },
      now,
    );
    if (disable) await deps.disabled?.({ id: webhook.id, url: webhook.url });
  };

  /** One attempt at a delivery now, and what follows it (the next try, or giving up). */
  const attempt = async (id: string): Promise<DeliveryRow | undefined> => {
    const delivery = await findDelivery(db, id);
    if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed')
      return delivery;
    const webhook = await findWebhook(db, delivery.webhookId);
    if (!webhook || webhook.disabledAt) return delivery;
    const now = clock.now();
    const result = await deps.sender.send(
      { id: delivery.id, url: webhook.url, body: delivery.body, secret: webhook.secret },
      now,
    );
    const attempts = delivery.attempts + 1;
    const next = result.ok ? null : nextTry(delivery, attempts, now);
    await updateDelivery(db, id, {
      status: result.ok ? 'delivered' : next ? 'retrying' : 'failed',
      attempts,
      responseStatus: result.status,
      lastError: result.error,
      lastAttemptAt: now,
      nextAttemptAt: next,
    });
    if (next)
      await deps.jobs.schedule({
        key: retryKey(id),
        kind: WEBHOOK_RETRY_JOB,
        subjectId: id,
        runAt: next,
      });
    await followFailures(webhook.id, result.ok, now);
    return findDelivery(db, id);
  };

  return {
    attempt,

    /** The events' consumer: a delivery per event and webhook that asked for it, then a try. */
    async consume(events: StoredEvent[]) {
      const wanted = events.filter((e) => WANTED.has(e.type));
      if (wanted.length === 0) return;
      const hooks = await webhooksFor(db, [...new Set(wanted.map((e) => e.type))]);
      const firstTries: string[] = [];
      for (const event of wanted) {
        const listening = hooks.filter((h) => h.events.includes(event.type));
        if (listening.length === 0) continue;
        const body = await bodyOf(deps, event);
        for (const hook of listening) {
          const delivery = await upsertDelivery(db, {
            ...{ webhookId: hook.id, eventId: event.id, event: event.type, body },
            createdAt: event.at,
          });
          if (delivery.status === 'pending') firstTries.push(delivery.id);
        }
      }
      // Side by side: one slow receiver does not hold the others up.
      await Promise.all(firstTries.map((id) => attempt(id)));
    },

    /** Sends a delivery again now (an administrator asked), whatever became of it. */
    async again(delivery: DeliveryRow) {
      await deps.jobs.cancel(retryKey(delivery.id));
      await updateDelivery(db, delivery.id, { status: 'retrying', nextAttemptAt: null });
      return attempt(delivery.id);
    },
  };
}
export type WebhookDelivery = ReturnType<typeof webhookDelivery>;
