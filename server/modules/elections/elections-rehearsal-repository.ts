/* A rehearsal's SQL (issue 69 item 6): the copy of an election, its day's saves, its progress. */
import { and, asc, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { statementParts } from '../../../db/statement-rows';
import {
  electionAlliances,
  electionCandidates,
  electionParties,
  electionReplaySteps,
  electionResults,
  elections,
  electionSeats,
  type ElectionRehearsal,
} from '../../../db/schema/elections';
import type { ReplayStep } from './elections-rehearsal-plan';
import type { ElectionRow } from './elections-repository';

const BATCH = 300;
async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (const part of statementParts(rows, BATCH)) await insert(part);
}

/** The copy's ids of the source's seats and candidates. */
export interface CopiedIds {
  seats: Map<string, string>;
  candidates: Map<string, string>;
  /** Each copied seat's `S24/77`. */
  keys: Map<string, string>;
  /** Each copied seat's candidates, by serial. */
  bySeat: Map<string, string[]>;
}

/**
 * Copies an election's seats (with their shapes), parties, alliances and candidates into
 * `copy`, an election just made; answers the old ids' new ones. Results are not copied: the
 * replay brings them.
 */
export async function copyElectionData(
  tx: Db,
  source: ElectionRow,
  copy: ElectionRow,
): Promise<CopiedIds> {
  const seats = await tx
    .select()
    .from(electionSeats)
    .where(eq(electionSeats.electionId, source.id));
  await inBatches(seats, (batch) =>
    tx
      .insert(electionSeats)
      .values(batch.map(({ id: _id, ...s }) => ({ ...s, electionId: copy.id }))),
  );
  const copiedSeats = await tx
    .select({
      id: electionSeats.id,
      stateCode: electionSeats.stateCode,
      number: electionSeats.number,
    })
    .from(electionSeats)
    .where(eq(electionSeats.electionId, copy.id));
  const byKey = new Map(copiedSeats.map((s) => [`${s.stateCode}/${s.number}`, s.id]));
  const ids: CopiedIds = {
    ...{ seats: new Map(), candidates: new Map() },
    ...{ keys: new Map(), bySeat: new Map() },
  };
  for (const s of seats) {
    const key = `${s.stateCode}/${s.number}`;
    ids.seats.set(s.id, byKey.get(key)!);
    ids.keys.set(byKey.get(key)!, key);
  }
  for (const table of [electionParties, electionAlliances] as const) {
    const rows = await tx.select().from(table).where(eq(table.electionId, source.id));
    if (rows.length > 0)
      await tx
        .insert(table)
        .values(rows.map(({ id: _id, ...r }) => ({ ...r, electionId: copy.id }) as never));
  }
  const candidates = seats.length
    ? await tx
        .select()
        .from(electionCandidates)
        .where(inArray(electionCandidates.seatId, [...ids.seats.keys()]))
    : [];
  await inBatches(candidates, (batch) =>
    tx
      .insert(electionCandidates)
      .values(batch.map(({ id: _id, ...c }) => ({ ...c, seatId: ids.seats.get(c.seatId)! }))),
  );
  const made = copiedSeats.length
    ? await tx
        .select({
          id: electionCandidates.id,
          seatId: electionCandidates.seatId,
          serial: electionCandidates.serial,
        })
        .from(electionCandidates)
        .where(
          inArray(
            electionCandidates.seatId,
            copiedSeats.map((s) => s.id),
          ),
        )
        .orderBy(asc(electionCandidates.serial))
    : [];
  const byPlace = new Map(made.map((m) => [`${m.seatId}#${m.serial}`, m.id]));
  for (const c of candidates)
    ids.candidates.set(c.id, byPlace.get(`${ids.seats.get(c.seatId)}#${c.serial}`)!);
  for (const m of made) ids.bySeat.set(m.seatId, [...(ids.bySeat.get(m.seatId) ?? []), m.id]);
  await tx
    .update(elections)
    .set({ keySeats: source.keySeats.map((s) => ids.seats.get(s)).filter((s) => s !== undefined) })
    .where(eq(elections.id, copy.id));
  return ids;
}

/** Every snapshot of an election, in the order saved. */
export const allResults = (db: Db, electionId: string) =>
  db
    .select()
    .from(electionResults)
    .where(eq(electionResults.electionId, electionId))
    .orderBy(asc(electionResults.at), asc(electionResults.version));

export async function insertSteps(tx: Db, electionId: string, steps: ReplayStep[]) {
  await inBatches(
    steps.map((s, i) => ({ ...s, electionId, seq: i + 1 })),
    (batch) => tx.insert(electionReplaySteps).values(batch),
  );
}

/** The election's row, locked until the transaction ends: one replay tick at a time. */
export async function lockElection(tx: Db, id: string) {
  const [row] = await tx.select().from(elections).where(eq(elections.id, id)).for('update');
  return row;
}

/** The steps after `played` that are due by `offsetMs`, in order, at most `limit`. */
export const dueSteps = (
  tx: Db,
  electionId: string,
  played: number,
  offsetMs: number,
  limit: number,
) =>
  tx
    .select()
    .from(electionReplaySteps)
    .where(
      and(
        eq(electionReplaySteps.electionId, electionId),
        gt(electionReplaySteps.seq, played),
        lte(electionReplaySteps.offsetMs, offsetMs),
      ),
    )
    .orderBy(asc(electionReplaySteps.seq))
    .limit(limit);

/** The first step not yet played, if any. */
export async function nextStep(tx: Db, electionId: string, played: number) {
  const [row] = await tx
    .select()
    .from(electionReplaySteps)
    .where(and(eq(electionReplaySteps.electionId, electionId), gt(electionReplaySteps.seq, played)))
    .orderBy(asc(electionReplaySteps.seq))
    .limit(1);
  return row;
}

export async function setRehearsal(tx: Db, id: string, rehearsal: ElectionRehearsal) {
  await tx.update(elections).set({ rehearsal, updatedAt: new Date() }).where(eq(elections.id, id));
}

export async function deleteElection(tx: Db, id: string) {
  await tx.delete(elections).where(eq(elections.id, id));
}

/** Many candidates at once (the demo's seed), answered with their ids. */
export async function insertCandidates(tx: Db, rows: (typeof electionCandidates.$inferInsert)[]) {
  const made: { id: string; seatId: string; serial: number }[] = [];
  await inBatches(rows, async (batch) =>
    made.push(
      ...(await tx.insert(electionCandidates).values(batch).returning({
        id: electionCandidates.id,
        seatId: electionCandidates.seatId,
        serial: electionCandidates.serial,
      })),
    ),
  );
  return made;
}

/** Many results at once (the demo's seed: each seat's first). */
export async function insertResults(tx: Db, rows: (typeof electionResults.$inferInsert)[]) {
  await inBatches(rows, (batch) => tx.insert(electionResults).values(batch));
}

/** Each seat's newest version number (none for a seat without a result yet). */
export async function newestVersions(tx: Db, seatIds: string[]) {
  if (seatIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ seatId: electionResults.seatId, version: max(electionResults.version) })
    .from(electionResults)
    .where(inArray(electionResults.seatId, seatIds))
    .groupBy(electionResults.seatId);
  return new Map(rows.map((r) => [r.seatId, Number(r.version ?? 0)]));
}
