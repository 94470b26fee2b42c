/*
 * The audit trail's parts wired together (issue 40 item 6): the service, its events consumer
 * and its daily retention job. The composition root (server/services.ts) calls this once.
 */
import type { Db } from '../../../db/client';
import type { EventBus } from '../../events/event-bus';
import type { Clock } from '../../lib/clock';
import { auditEvents } from './audit-events';
import { createAuditService, type AuditDeps } from './audit-service';
import { DAY_MS } from '../../../common/durations';

export const AUDIT_TRIM_JOB = 'audit-trim';

interface TrimJobs {
  handle(kind: string, handler: () => Promise<void>): void;
  schedule(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<unknown>;
  scheduleOnce(job: { key: string; kind: string; subjectId: null; runAt: Date }): Promise<unknown>;
}

const trimJob = (runAt: Date) => ({
  key: AUDIT_TRIM_JOB,
  kind: AUDIT_TRIM_JOB,
  subjectId: null,
  runAt,
});

export function createAudit(deps: {
  db: Db;
  clock: Clock;
  jobs: TrimJobs;
  events: Pick<EventBus, 'once'>;
  /** The retention setting's days. */
  settings: { get(): Promise<{ auditRetentionDays: number }> };
  /** Names of the people events name. */
  users: { mailContact(id: string): Promise<{ name: string } | undefined> };
  log?: AuditDeps['log'];
}) {
  const { clock, jobs, settings, users } = deps;
  const audit = createAuditService({
    ...deps,
    retentionDays: async () => (await settings.get()).auditRetentionDays,
  });
  auditEvents(deps.events, audit, async (id) => (await users.mailContact(id))?.name);
  // Daily, by whichever process leases it; it sets itself again for a day later.
  jobs.handle(AUDIT_TRIM_JOB, async () => {
    await audit.trim();
    await jobs.schedule(trimJob(new Date(clock.now().getTime() + DAY_MS)));
  });
  return {
    ...audit,
    /** Sets the job at start unless it is set already (or ran and set itself again). */
    scheduleTrim: () => jobs.scheduleOnce(trimJob(new Date(clock.now().getTime() + DAY_MS))),
  };
}
