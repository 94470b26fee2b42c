/*
 * A stage's lease on a file while a process works on it (epaper-files-repository.ts): renewed
 * every few seconds; every write of the stage goes through the holder, one at a time with the
 * renewals (a renewal changes the value a write is checked against), and is refused once the
 * lease is lost. A process killed mid-stage stops renewing: its lease runs out and the stage's
 * job, due again by then, lets another process take it (epaper-processing.ts).
 */
import type { Db } from '../../../db/client';
import type { Outbox, RecordEvents } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { lockFile, renewLease, type FileRow, type Stage } from './epaper-files-repository';

/** How long a lease holds; renewed every third of it. */
export const LEASE_MS = 30_000;
const RENEW_EVERY_MS = LEASE_MS / 3;

/** Another process took the stage (ours ran out), or the file went: stop without writing. */
export class LeaseLost extends Error {
  constructor() {
    super('the e-paper stage is no longer ours');
    this.name = 'LeaseLost';
  }
}

export function holdLease(
  deps: { db: Db; clock: Clock },
  file: { id: string },
  stage: Stage,
  taken: Date,
) {
  let held = taken;
  let lost = false;
  let chain: Promise<unknown> = Promise.resolve();
  /** Runs `step` after whatever the holder is doing; serial with renewals. */
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const next = chain.then(step);
    chain = next.catch(() => {});
    return next;
  };
  const renew = () =>
    serial(async () => {
      if (lost) return;
      const until = new Date(deps.clock.now().getTime() + LEASE_MS);
      if (await renewLease(deps.db, file.id, stage, held, until)) held = until;
      else lost = true;
    });
  const timer = setInterval(() => void renew().catch(() => {}), RENEW_EVERY_MS);
  timer.unref();
  return {
    get held() {
      return held;
    },
    get lost() {
      return lost;
    },
    /** Throws LeaseLost unless the lease is still ours. */
    check() {
      if (lost) throw new LeaseLost();
    },
    /**
     * Runs `write` in one transaction of the outbox with the file's row locked, if the lease
     * is still ours (else LeaseLost, nothing written).
     */
    write<T>(
      outbox: Outbox,
      write: (tx: Db, row: FileRow, record: RecordEvents) => Promise<T>,
    ): Promise<T> {
      return serial(() =>
        outbox.transaction(async (tx, record) => {
          const row = await lockFile(tx, file.id);
          const lease = row && (stage === 'views' ? row.viewsLeaseUntil : row.ocrLeaseUntil);
          if (lost || lease?.getTime() !== held.getTime()) {
            lost = true;
            throw new LeaseLost();
          }
          return write(tx, row!, record);
        }),
      );
    },
    stop() {
      clearInterval(timer);
    },
  };
}
export type LeaseHolder = ReturnType<typeof holdLease>;
