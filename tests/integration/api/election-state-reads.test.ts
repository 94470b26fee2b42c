/*
 * A state's results page reads its own state's rows (issue 69 item 4, docs/perf/elections.md):
 * a desk save refreshes the saved seat's state page, its map and the embeds of it, and each of
 * them is made without any row of another state's seats, their candidates or their results;
 * the states' counts come from one aggregate. The whole election's page reads every state's
 * (the recorder sees them there), and a state's page says of its seats, the states and the key
 * contests what the whole page says of them.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electionCandidates, electionResults, electionSeats } from '../../../db/schema/elections';
import { eventConsumers, events } from '../../../db/schema/events';
import { auth, createAdmin, createUser } from '../../factories';
import { createSmallElection, saveResult, type SmallElection } from '../../factories/elections';
import { rowsReadDuring } from '../../setup/rows-read';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let election: SmallElection;
const UP = 'S24';
const RAJASTHAN = 'S20';

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  const admin = await createAdmin(t.app);
  const editor = await createUser(t.app, 'editor');
  election = await createSmallElection(t.app, admin, 'lok-sabha-reads');
  const { Varanasi, Jaipur, 'Rae Bareli': raeBareli } = election.seats;
  const saves = [
    { seat: Varanasi!, leader: Varanasi!.bjp, status: 'won' },
    { seat: raeBareli!, leader: raeBareli!.inc, status: 'won' },
    { seat: Jaipur!, leader: Jaipur!.inc, status: 'leading' },
  ] as const;
  for (const { seat, leader, status } of saves)
    await saveResult(t.app, editor, election, {
      seat: seat._id,
      leader,
      votes: 40000,
      margin: 1200,
      status,
    });
  const key = await t.app.inject({
    method: 'PUT',
    url: `/api/elections/${election.slug}/key-contests`,
    headers: auth(editor),
    payload: { seats: [Varanasi!._id, Jaipur!._id] },
  });
  expect(key.statusCode, key.body).toBe(200);
  // A declared seat's followers are looked up from its event, reading the seat
  // (elections-follow.ts): done before the reads below are watched.
  const { db } = t.database;
  const [newest] = await db
    .select({ id: events.id })
    .from(events)
    .orderBy(desc(events.id))
    .limit(1);
  await waitUntil(
    async () => {
      const [consumer] = await db
        .select({ position: eventConsumers.position })
        .from(eventConsumers)
        .where(eq(eventConsumers.name, 'election-seat-follows'));
      return (consumer?.position ?? 0) >= newest!.id;
    },
    { timeoutMs: 30_000, intervalMs: 100, message: 'the seats’ followers were never looked up' },
  );
}, 180_000);
afterAll(() => t?.close());

/** The ids rows of a state's seats carry: the seats', their candidates' and their results'. */
async function idsOfState(code: string) {
  const { db } = t.database;
  const electionId = await t.app.services.elections.idOf(election.slug);
  const seats = (
    await db
      .select({ id: electionSeats.id })
      .from(electionSeats)
      .where(and(eq(electionSeats.electionId, electionId), eq(electionSeats.stateCode, code)))
  ).map((s) => s.id);
  const [candidates, results] = await Promise.all([
    db
      .select({ id: electionCandidates.id })
      .from(electionCandidates)
      .where(inArray(electionCandidates.seatId, seats)),
    db
      .select({ id: electionResults.id })
      .from(electionResults)
      .where(inArray(electionResults.seatId, seats)),
  ]);
  return { seats, all: new Set([...seats, ...[...candidates, ...results].map((r) => r.id)]) };
}

/** What `work` answers, and which of `ids` the rows read meanwhile carried. */
async function touching<T>(ids: Set<string>, work: () => Promise<T>) {
  const read = await rowsReadDuring(t.database.db, work);
  const seen = new Set(read.rows.flat().filter((v) => typeof v === 'string' && ids.has(v)));
  return { result: read.result, seen: [...seen] };
}

const elections = () => t.app.services.elections;

describe("a state's results page", () => {
  it("reads no row of another state's seats, candidates or results; the whole page does", async () => {
    const [up, rajasthan] = [await idsOfState(UP), await idsOfState(RAJASTHAN)];
    const page = await touching(up.all, () => elections().resultsPage(election.slug, RAJASTHAN));
    expect(page.result?.seats.map((s) => s.name.en)).toEqual(['Jaipur']);
    expect(page.seen).toEqual([]);
    const other = await touching(rajasthan.all, () => elections().resultsPage(election.slug, UP));
    expect(other.result?.seats.map((s) => s.name.en)).toEqual(['Rae Bareli', 'Varanasi']);
    expect(other.seen).toEqual([]);
    // The recorder sees them where they are read.
    const whole = await touching(up.all, () => elections().resultsPage(election.slug));
    expect(whole.seen).toEqual(expect.arrayContaining(up.seats));
  });

  it("its map reads no row of another state's seats either", async () => {
    const up = await idsOfState(UP);
    const map = await touching(up.all, () => elections().map(election.slug, RAJASTHAN));
    expect(map.result?.svg).toContain('Jaipur');
    expect(map.result?.svg).not.toContain('Varanasi');
    expect(map.seen).toEqual([]);
  });

  it('says of its seats, the states and the key contests what the whole page says', async () => {
    const whole = (await elections().resultsPage(election.slug))!;
    const state = (await elections().resultsPage(election.slug, UP))!;
    const ofUp = <S extends { state: { code: string } }>(lines: S[]) =>
      lines.filter((s) => s.state.code === UP);
    expect(state.seats).toEqual(ofUp(whole.seats));
    expect(state.keyContests).toEqual(ofUp(whole.keyContests));
    expect(state.keyContests.map((s) => s.name.en)).toEqual(['Varanasi']);
    expect(state.states).toEqual(whole.states);
    expect(state.states.map((s) => [s.code, s.seats, s.counted])).toEqual([
      [RAJASTHAN, 1, 1],
      [UP, 2, 2],
    ]);
    expect(state.parties).toEqual(whole.parties);
    expect(state.tally.seats).toBe(2);
    const won = Object.fromEntries(state.tally.parties.map((p) => [p.party, p.won.value]));
    expect(won).toEqual({ BJP: 1, INC: 1 });
  });
});
