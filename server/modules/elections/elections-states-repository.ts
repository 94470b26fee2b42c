/*
 * SQL of one state's part of an election (issue 69 item 4): its seats' newest results, and each
 * state's number of seats and of seats with a result, counted by the database. A state's
 * results page, its map and its embeds read their own state's rows and no other's
 * (docs/perf/elections.md).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { electionResults, electionSeats } from '../../../db/schema/elections';

/** The newest snapshot of every seat of one state that has one. */
export const newestResultsInState = (db: Db, electionId: string, stateCode: string) =>
  db
    .selectDistinctOn([electionResults.seatId])
    .from(electionResults)
    .where(
      and(
        eq(electionResults.electionId, electionId),
        inArray(
          electionResults.seatId,
          db
            .select({ id: electionSeats.id })
            .from(electionSeats)
            .where(
              and(eq(electionSeats.electionId, electionId), eq(electionSeats.stateCode, stateCode)),
            ),
        ),
      ),
    )
    .orderBy(electionResults.seatId, desc(electionResults.version));

/** Each state's seats and how many of them have a result, by ECI code in order. */
export async function stateCounts(db: Db, electionId: string) {
  const rows = await db
    .select({
      code: electionSeats.stateCode,
      seats: sql<number>`count(*)::int`,
      // Named in full: a query of one table writes its columns without the table's name, and
      // inside the subquery `id` would be the result's.
      counted: sql<number>`(count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ${electionResults} r WHERE r.seat_id = ${electionSeats}.id)))::int`,
    })
    .from(electionSeats)
    .where(eq(electionSeats.electionId, electionId))
    .groupBy(electionSeats.stateCode)
    .orderBy(asc(electionSeats.stateCode));
  return rows.map((r) => ({ code: r.code, seats: Number(r.seats), counted: Number(r.counted) }));
}
