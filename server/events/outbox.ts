/*
 * Writing events (DECISIONS.md §22, README.md beside this file): a change and the events that
 * say what it was commit together or not at all. A module that changes something others react
 * to runs its write through `outbox.transaction`, records its events there, and after commit
 * this process has applied them to its own kept answers before the write answers (the writer
 * reads its own write); every other process and every consumer reads them from the table.
 */
import type { EventType } from '../../common/schemas/events';
import type { Db } from '../../db/client';
import type { EventCache } from '../../db/schema/events';
import { transaction } from '../../db/transaction';
import type { Clock } from '../lib/clock';
import { insertEvents, lockEvents } from './events-repository';

export interface EventDraft {
  type: EventType;
  subject: { kind: string; id: string };
  data?: Record<string, unknown>;
  /**
   * The kept answers it touches, or how to find them in the transaction once every earlier
   * change has committed (the events lock is held then): a question such as "is this category
   * left without public articles?" is answered right only after the writes before it.
   */
  cache?: EventCache | ((tx: Db) => Promise<EventCache | undefined>);
}

/** Adds events to the transaction in hand; they are written when its work is done. */
export type RecordEvents = (...drafts: EventDraft[]) => void;

export interface Outbox {
  /**
   * Runs `work` in one transaction with the events it records; answers what `work` answers,
   * once this process has applied the events.
   */
  transaction<T>(work: (tx: Db, record: RecordEvents) => Promise<T>): Promise<T>;
  /** Events of a change that needs no other statement (a band's time ran out). */
  record(...drafts: EventDraft[]): Promise<void>;
}

/** Writes `drafts` in `tx`, last in it: under the events lock, so ids follow commit order. */
export async function writeEvents(tx: Db, drafts: readonly EventDraft[], at: Date) {
  if (drafts.length === 0) return;
  await lockEvents(tx);
  const rows = [];
  for (const draft of drafts) {
    const cache = typeof draft.cache === 'function' ? await draft.cache(tx) : draft.cache;
    rows.push({
      type: draft.type,
      subjectKind: draft.subject.kind,
      subjectId: draft.subject.id,
      at,
      data: draft.data ?? {},
      cache: cache && !isEmpty(cache) ? cache : null,
    });
  }
  await insertEvents(tx, rows);
}

const isEmpty = (cache: EventCache) =>
  !cache.all && !cache.stale?.length && !cache.drop?.length && !cache.urls?.length;

/**
 * The outbox of one process: `applied` is called after each commit that wrote events (the
 * event bus reading them now, so this process's page cache has them before the answer goes).
 */
export function createOutbox(deps: { db: Db; clock: Clock; applied: () => Promise<void> }): Outbox {
  const outbox: Outbox = {
    async transaction(work) {
      const drafts: EventDraft[] = [];
      const result = await transaction(deps.db, async (tx) => {
        const answer = await work(tx, (...more) => drafts.push(...more));
        await writeEvents(tx, drafts, deps.clock.now());
        return answer;
      });
      if (drafts.length > 0) await deps.applied();
      return result;
    },
    record: (...drafts) =>
      outbox.transaction(async (_tx, record) => {
        record(...drafts);
      }),
  };
  return outbox;
}
