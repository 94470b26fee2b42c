import { performance } from 'node:perf_hooks';
import type { PushPayload } from '../../../common/schemas/push';
import { JOB_LEASE_MS } from '../jobs/jobs-service';
import {
  advanceAlert,
  deleteSubscriptionsById,
  findAlert,
  subscriptionsAfter,
  type AlertRow,
} from './push-repository';
import { PUSH_SEND_TIMEOUT_MS, type SendOutcome } from './push-sender';
import type { PushDeps } from './push-deps';

/** The job that delivers an alert, a batch at a time (jobs table, docs/decisions/032). */
export const PUSH_ALERT_JOB = 'push-alert';
export const alertJobKey = (alertId: string) => `${PUSH_ALERT_JOB}:${alertId}`;

/** Subscriptions one round sends to at once. */
export const SEND_AT_ONCE = 50;
/**
 * A job run starts no new round after this long, so its last round (at most
 * PUSH_SEND_TIMEOUT_MS) and its bookkeeping end inside the job's lease: another process takes a
 * job over only once its lease ran out, and the compare-and-set cursor keeps a round that
 * overran from being counted twice (push-repository.ts `advanceAlert`).
 */
const RUN_BUDGET_MS = JOB_LEASE_MS - PUSH_SEND_TIMEOUT_MS - 2_000;

const payloadOf = (row: AlertRow): PushPayload => ({
  title: row.title,
  body: row.body,
  url: row.url,
  ...(row.image ? { image: row.image } : {}),
});

/**
 * The push-alert job (docs/decisions/032): sends the alert to the subscriptions older than
 * itself (an edition's alert: that edition's subscriptions only, issue 65 item 6), SEND_AT_ONCE at a time in order of id, recording each round (the cursor and the
 * counts) before the next. Past its budget it schedules its own job again for now, so the next
 * poll of any process goes on where it stopped (a rescheduled job is not marked done). A
 * subscription whose push service answers 404 or 410 is deleted. Failures are counted, not
 * retried: an alert is news of the moment.
 */
export function createAlertDelivery(deps: Pick<PushDeps, 'db' | 'clock' | 'sender' | 'jobs'>) {
  const { db, clock, sender, jobs } = deps;
  return async function deliver(alertId: string): Promise<void> {
    const alert = await findAlert(db, alertId);
    if (!alert || alert.finishedAt) return;
    const payload = JSON.stringify(payloadOf(alert));
    const started = performance.now();
    let cursor = alert.cursor;
    for (;;) {
      const round = await subscriptionsAfter(
        db,
        cursor,
        alert.createdAt,
        SEND_AT_ONCE,
        alert.editionId,
      );
      const outcomes = await Promise.all(round.map((s) => sender.send(s, payload)));
      const count = (outcome: SendOutcome) => outcomes.filter((o) => o === outcome).length;
      const gone = round.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id);
      await deleteSubscriptionsById(db, gone);
      const to = round.at(-1)?.id ?? cursor;
      const finished = round.length < SEND_AT_ONCE;
      const recorded = await advanceAlert(db, alertId, {
        from: cursor,
        to,
        sent: count('sent'),
        failed: count('failed'),
        removed: gone.length,
        finishedAt: finished ? clock.now() : null,
      });
      // Not recorded: another process took the job over and went on; it finishes the alert.
      if (!recorded || finished) return;
      cursor = to;
      if (performance.now() - started > RUN_BUDGET_MS) {
        await jobs.schedule({
          key: alertJobKey(alertId),
          kind: PUSH_ALERT_JOB,
          subjectId: alertId,
          runAt: clock.now(),
        });
        return;
      }
    }
  };
}
