/*
 * What a subscribed browser follows (issue 69 item 4: a seat on counting day): a topic's news
 * goes to its followers once. A browser that had not subscribed is subscribed for its follows
 * only (`alerts` false: the editors' alerts are not what it asked for). Sending marks each
 * follow notified in the same statement that picks it, so a second declaration of the seat, or
 * the same event read again in another process, sends nothing more.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PushPayload, PushSubscriptionInput } from '../../../common/schemas/push';
import { pushFollows, pushSubscriptions } from '../../../db/schema/push';
import type { Db } from '../../../db/client';
import { notFound } from '../../lib/errors';
import type { PushDeps } from './push-deps';
import { deleteSubscriptionsById } from './push-repository';
import { SEND_AT_ONCE } from './push-delivery';

/** A topic's name: what it is and its id (`election-seat:{uuid}`). */
export const TOPIC = /^[a-z-]{1,40}:[0-9a-f-]{36}$/;

async function subscriptionIdOf(db: Db, endpoint: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row?.id;
}

export function createPushFollows(
  deps: Pick<PushDeps, 'db' | 'clock' | 'sender'> & {
    /** Checks a new browser's subscription as subscribing does (public https:, keys). */
    check(input: PushSubscriptionInput): Promise<void>;
  },
) {
  const { db, clock, sender } = deps;
  return {
    /** The browser follows `topic`; subscribed for its follows only when it was not before. */
    async follow(input: PushSubscriptionInput, topic: string): Promise<void> {
      let id = await subscriptionIdOf(db, input.endpoint);
      if (!id) {
        await deps.check(input);
        await db
          .insert(pushSubscriptions)
          .values({
            endpoint: input.endpoint,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            editionId: null,
            alerts: false,
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: pushSubscriptions.endpoint });
        id = await subscriptionIdOf(db, input.endpoint);
      }
      if (!id) throw notFound('push.subscription_unknown');
      await db
        .insert(pushFollows)
        .values({ subscriptionId: id, topic, createdAt: clock.now() })
        .onConflictDoNothing({ target: [pushFollows.topic, pushFollows.subscriptionId] });
    },

    /** The browser at `endpoint` no longer follows `topic`; 404 when it did not. */
    async unfollow(endpoint: string, topic: string): Promise<void> {
      const id = await subscriptionIdOf(db, endpoint);
      const gone = id
        ? await db
            .delete(pushFollows)
            .where(and(eq(pushFollows.subscriptionId, id), eq(pushFollows.topic, topic)))
            .returning({ id: pushFollows.id })
        : [];
      if (gone.length === 0) throw notFound('push.subscription_unknown');
    },

    /** Whether the browser at `endpoint` follows `topic` (its button says so after load). */
    async follows(endpoint: string, topic: string): Promise<boolean> {
      const [row] = await db
        .select({ id: pushFollows.id })
        .from(pushFollows)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushFollows.subscriptionId))
        .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushFollows.topic, topic)));
      return row !== undefined;
    },

    /**
     * `payload` to every follower of `topic` not yet told, each once; answers how many push
     * services took it. Subscriptions their service says are gone are forgotten.
     */
    async notify(topic: string, payload: PushPayload): Promise<{ sent: number; failed: number }> {
      const told = await db
        .update(pushFollows)
        .set({ notifiedAt: clock.now() })
        .where(and(eq(pushFollows.topic, topic), isNull(pushFollows.notifiedAt)))
        .returning({ subscriptionId: pushFollows.subscriptionId });
      const message = JSON.stringify(payload);
      let sent = 0;
      let failed = 0;
      for (let at = 0; at < told.length; at += SEND_AT_ONCE) {
        const ids = told.slice(at, at + SEND_AT_ONCE).map((t) => t.subscriptionId);
        const round = await db
          .select()
          .from(pushSubscriptions)
          .where(inArray(pushSubscriptions.id, ids));
        const outcomes = await Promise.all(round.map((s) => sender.send(s, message)));
        sent += outcomes.filter((o) => o === 'sent').length;
        failed += outcomes.filter((o) => o === 'failed').length;
        await deleteSubscriptionsById(
          db,
          round.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id),
        );
      }
      return { sent, failed };
    },
  };
}
export type PushFollows = ReturnType<typeof createPushFollows>;
