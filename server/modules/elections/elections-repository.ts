/* Elections' SQL (issue 69): elections, seats, parties, candidates and result snapshots. */
import { and, asc, desc, eq, gte, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  electionAlliances,
  electionCandidates,
  electionParties,
  electionResults,
  elections,
  electionSeats,
} from '../../../db/schema/elections';

export type ElectionRow = typeof elections.$inferSelect;
export type SeatRow = Omit<typeof electionSeats.$inferSelect, 'shape' | 'searchKeys'>;
export type CandidateRow = typeof electionCandidates.$inferSelect;
export type ResultRow = typeof electionResults.$inferSelect;
export type PartyRow = typeof electionParties.$inferSelect;
export type AllianceRow = typeof electionAlliances.$inferSelect;

export async function insertElection(db: Db, values: typeof elections.$inferInsert) {
  const [row] = await db.insert(elections).values(values).returning();
  return row!;
}

/** Every election, the newest counting day first. */
export const allElections = (db: Db) =>
  db.select().from(elections).orderBy(desc(elections.countingDate), asc(elections.slug));

export async function electionBySlug(db: Db, slug: string): Promise<ElectionRow | undefined> {
  const [row] = await db.select().from(elections).where(eq(elections.slug, slug));
  return row;
}

/** Elections counted between two days (`YYYY-MM-DD`, both included), the soonest first. */
export const electionsCounting = (db: Db, from: string, to: string) =>
  db
    .select()
    .from(elections)
    .where(and(gte(elections.countingDate, from), lte(elections.countingDate, to)))
    .orderBy(asc(elections.countingDate), asc(elections.slug))
    .limit(8);

export async function electionById(db: Db, id: string): Promise<ElectionRow | undefined> {
  const [row] = await db.select().from(elections).where(eq(elections.id, id));
  return row;
}

const seatColumns = {
  id: electionSeats.id,
  electionId: electionSeats.electionId,
  stateCode: electionSeats.stateCode,
  number: electionSeats.number,
  name: electionSeats.name,
  reserved: electionSeats.reserved,
  previous: electionSeats.previous,
};

/** Seats are replaced by number: a second import of the same file changes nothing twice. */
export async function upsertSeats(db: Db, rows: (typeof electionSeats.$inferInsert)[]) {
  // A few hundred at a time: a statement has at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insert(electionSeats)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: [electionSeats.electionId, electionSeats.stateCode, electionSeats.number],
        set: {
          name: sql`excluded.name`,
          reserved: sql`excluded.reserved`,
          shape: sql`excluded.shape`,
          searchKeys: sql`excluded.search_keys`,
        },
      });
}

export async function seatCount(db: Db, electionId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(electionSeats)
    .where(eq(electionSeats.electionId, electionId));
  return Number(row?.n ?? 0);
}

/** Each seat's id by `S24/77`. */
export async function seatIdsByCode(db: Db, electionId: string) {
  const rows = await db
    .select({
      id: electionSeats.id,
      stateCode: electionSeats.stateCode,
      number: electionSeats.number,
    })
    .from(electionSeats)
    .where(eq(electionSeats.electionId, electionId));
  return new Map(rows.map((r) => [`${r.stateCode}/${r.number}`, r.id]));
}

export async function setPrevious(db: Db, seatId: string, previous: SeatRow['previous']) {
  await db.update(electionSeats).set({ previous }).where(eq(electionSeats.id, seatId));
}

export async function upsertParty(db: Db, row: typeof electionParties.$inferInsert) {
  await db
    .insert(electionParties)
    .values(row)
    .onConflictDoUpdate({
      target: [electionParties.electionId, electionParties.abbreviation],
      set: { name: row.name, colour: row.colour!, alliance: row.alliance ?? null },
    });
}

export async function upsertAlliance(db: Db, row: typeof electionAlliances.$inferInsert) {
  await db
    .insert(electionAlliances)
    .values(row)
    .onConflictDoUpdate({
      target: [electionAlliances.electionId, electionAlliances.code],
      set: { name: row.name },
    });
}

export async function upsertCandidate(db: Db, row: typeof electionCandidates.$inferInsert) {
  const [saved] = await db
    .insert(electionCandidates)
    .values(row)
    .onConflictDoUpdate({
      target: [electionCandidates.seatId, electionCandidates.serial],
      set: { name: row.name, party: row.party },
    })
    .returning();
  return saved!;
}

export async function candidateBySerial(db: Db, seatId: string, serial: number) {
  const [row] = await db
    .select()
    .from(electionCandidates)
    .where(and(eq(electionCandidates.seatId, seatId), eq(electionCandidates.serial, serial)));
  return row;
}

export const candidatesOf = (db: Db, seatIds: string[]) =>
  seatIds.length === 0
    ? Promise.resolve([] as CandidateRow[])
    : db
        .select()
        .from(electionCandidates)
        .where(inArray(electionCandidates.seatId, seatIds))
        .orderBy(asc(electionCandidates.serial));

export async function seatById(db: Db, electionId: string, id: string) {
  const [row] = await db
    .select(seatColumns)
    .from(electionSeats)
    .where(and(eq(electionSeats.electionId, electionId), eq(electionSeats.id, id)));
  return row;
}

/** Locks a seat's row until the transaction ends: saves of one seat queue behind each other. */
export async function lockSeat(db: Db, electionId: string, id: string) {
  const [row] = await db
    .select({ id: electionSeats.id, stateCode: electionSeats.stateCode })
    .from(electionSeats)
    .where(and(eq(electionSeats.electionId, electionId), eq(electionSeats.id, id)))
    .for('update');
  return row;
}

export async function newestResult(db: Db, seatId: string): Promise<ResultRow | undefined> {
  const [row] = await db
    .select()
    .from(electionResults)
    .where(eq(electionResults.seatId, seatId))
    .orderBy(desc(electionResults.version))
    .limit(1);
  return row;
}

export async function insertResult(db: Db, row: typeof electionResults.$inferInsert) {
  const [saved] = await db.insert(electionResults).values(row).returning();
  return saved!;
}

export const resultsOfSeat = (db: Db, seatId: string) =>
  db
    .select()
    .from(electionResults)
    .where(eq(electionResults.seatId, seatId))
    .orderBy(desc(electionResults.version));

/** The newest snapshot of every seat of an election that has one. */
export const newestResults = (db: Db, electionId: string) =>
  db
    .selectDistinctOn([electionResults.seatId])
    .from(electionResults)
    .where(eq(electionResults.electionId, electionId))
    .orderBy(electionResults.seatId, desc(electionResults.version));

/** Seats of an election by state and by folded name keys (each must start a word). */
export function listSeats(
  db: Db,
  electionId: string,
  filter: { state?: string; keys: string[]; number?: number },
) {
  const where: SQL[] = [eq(electionSeats.electionId, electionId)];
  if (filter.state) where.push(eq(electionSeats.stateCode, filter.state));
  const byName = filter.keys.map((key) => like(electionSeats.searchKeys, `% ${key}%`));
  if (filter.number !== undefined) where.push(eq(electionSeats.number, filter.number));
  else where.push(...byName);
  return db
    .select(seatColumns)
    .from(electionSeats)
    .where(and(...where))
    .orderBy(asc(electionSeats.stateCode), asc(electionSeats.number));
}

export const partiesOf = (db: Db, electionId: string) =>
  db.select().from(electionParties).where(eq(electionParties.electionId, electionId));
export const alliancesOf = (db: Db, electionId: string) =>
  db.select().from(electionAlliances).where(eq(electionAlliances.electionId, electionId));

/** The seats' shapes, for the map (one state's, or all). */
export function seatShapes(db: Db, electionId: string, state?: string) {
  const where = [eq(electionSeats.electionId, electionId)];
  if (state) where.push(eq(electionSeats.stateCode, state));
  return db
    .select({ id: electionSeats.id, shape: electionSeats.shape })
    .from(electionSeats)
    .where(and(...where))
    .orderBy(asc(electionSeats.stateCode), asc(electionSeats.number));
}

/** The seats the desk shows first (issue 69 item 4), in order. */
export async function setKeySeats(db: Db, electionId: string, seats: string[]) {
  await db.update(elections).set({ keySeats: seats }).where(eq(elections.id, electionId));
}

/** How many of these ids are seats of the election. */
export async function seatsIn(db: Db, electionId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(electionSeats)
    .where(and(eq(electionSeats.electionId, electionId), inArray(electionSeats.id, ids)));
  return Number(row?.n ?? 0);
}

/** Candidates by id (the leaders of the newest results). */
export const candidatesById = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as CandidateRow[])
    : db.select().from(electionCandidates).where(inArray(electionCandidates.id, ids));

/** A seat by its state's ECI code and its number. */
export async function seatByNumber(db: Db, electionId: string, state: string, number: number) {
  const [row] = await db
    .select(seatColumns)
    .from(electionSeats)
    .where(
      and(
        eq(electionSeats.electionId, electionId),
        eq(electionSeats.stateCode, state),
        eq(electionSeats.number, number),
      ),
    );
  return row;
}

/** The ECI codes of the states an election's seats are in. */
export async function stateCodesOf(db: Db, electionId: string) {
  const rows = await db
    .selectDistinct({ code: electionSeats.stateCode })
    .from(electionSeats)
    .where(eq(electionSeats.electionId, electionId))
    .orderBy(asc(electionSeats.stateCode));
  return rows.map((r) => r.code);
}
