/*
 * Rehearsals (issue 69 item 6): a recorded counting day replayed at 60× on a copy of the
 * election ends with the recorded tally, and so does a synthetic day made from results that came
 * in one import. Time is the test's clock, moved by hand; the replay is the jobs' poll (leased,
 * state in the database), run by hand: nothing here sleeps or depends on the machine's speed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electionResults } from '../../../db/schema/elections';
import { jobs } from '../../../db/schema/jobs';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import { createSmallElection, saveResult, type SmallElection } from '../../factories/elections';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let recorded: SmallElection;
let imported: SmallElection;
let now = Date.parse('2026-11-29T08:00:00Z');
const clock = { now: () => new Date(now) };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const post = (who: TestUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: auth(who), payload });
/** The tally as numbers only: who won and leads, per party and alliance. */
const tallyOf = async (slug: string) => {
  const tally = await t.app.services.elections.tally(slug);
  const row = (r: { won: { value: number }; leading: { value: number } }) =>
    `${r.won.value}/${r.leading.value}`;
  return {
    parties: Object.fromEntries(tally.parties.map((p) => [p.party, row(p)])),
    alliances: Object.fromEntries(tally.alliances.map((a) => [a.alliance, row(a)])),
  };
};
const snapshotsOf = async (slug: string) => {
  const id = await t.app.services.elections.idOf(slug);
  return t.database.db.select().from(electionResults).where(eq(electionResults.electionId, id));
};
/** The clock moves on and every process's poll runs what is due (here, the one process's). */
const runAt = async (ms: number) => {
  now = ms;
  while ((await t.app.services.jobs.runDue()) > 0);
};

beforeAll(async () => {
  t = await createTestApp({}, { clock, pollJobs: false });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  recorded = await createSmallElection(t.app, admin, 'ls-recorded');
  imported = await createSmallElection(t.app, admin, 'ls-imported');

  // A recorded day: leads from 8 a.m., a flip, two seats declared, one still counting.
  const s = recorded.seats;
  const day: [number, Parameters<typeof saveResult>[3]][] = [
    [
      0,
      {
        seat: s.Varanasi!._id,
        leader: s.Varanasi!.bjp,
        votes: 1000,
        margin: 100,
        status: 'leading',
      },
    ],
    [
      20 * MINUTE,
      {
        seat: s['Rae Bareli']!._id,
        leader: s['Rae Bareli']!.bjp,
        votes: 800,
        margin: 50,
        status: 'leading',
      },
    ],
    [
      HOUR,
      { seat: s.Jaipur!._id, leader: s.Jaipur!.bjp, votes: 900, margin: 70, status: 'leading' },
    ],
    [
      2 * HOUR,
      {
        seat: s['Rae Bareli']!._id,
        leader: s['Rae Bareli']!.inc,
        votes: 5000,
        margin: 900,
        status: 'leading',
      },
    ],
    [
      5 * HOUR,
      {
        seat: s.Varanasi!._id,
        leader: s.Varanasi!.bjp,
        votes: 61297,
        margin: 15251,
        status: 'won',
      },
    ],
    [
      8 * HOUR,
      {
        seat: s['Rae Bareli']!._id,
        leader: s['Rae Bareli']!.inc,
        votes: 68764,
        margin: 39003,
        status: 'won',
      },
    ],
    [
      10 * HOUR,
      { seat: s.Jaipur!._id, leader: s.Jaipur!.inc, votes: 30000, margin: 1200, status: 'leading' },
    ],
  ];
  for (const [offset, body] of day) {
    const saved = await saveResult(t.app, editor, recorded, body);
    await t.database.db
      .update(electionResults)
      .set({ at: new Date(Date.parse('2024-06-04T02:30:00Z') + offset) })
      .where(eq(electionResults.id, saved._id));
  }

  // Final results in one import: the synthetic day is made from them.
  const results = [
    'state_code,pc_no,serial_no,votes,margin,round,status',
    'S24,77,1,612970,152513,32,won',
    'S24,36,2,687649,390030,30,won',
    'S20,6,1,886850,331767,28,leading',
  ].join('\n');
  const res = await post(admin, `/api/elections/${imported.slug}/import`, {
    kind: 'results',
    csv: results,
  });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

describe('a rehearsal', () => {
  it('is started by administrators only, and not from a rehearsal or an election without results', async () => {
    expect(
      (await post(editor, `/api/elections/${recorded.slug}/rehearsal`, { speed: 60 })).statusCode,
    ).toBe(403);
    const empty = await post(admin, '/api/elections', {
      slug: 'ls-empty',
      name: { hi: 'खाली', en: 'Empty' },
      kind: 'lok-sabha',
      countingDate: '2024-06-04',
      majority: 2,
    });
    expect(empty.statusCode).toBe(201);
    const none = await post(admin, '/api/elections/ls-empty/rehearsal', { speed: 60 });
    expect(none.json().code).toBe('election.rehearsal_no_results');
    const fast = await post(admin, `/api/elections/${recorded.slug}/rehearsal`, { speed: 100_000 });
    expect(fast.statusCode).toBe(400);
  });

  it('replays the recorded snapshots at 60× on a copy and ends with the recorded tally', async () => {
    const start = now;
    const res = await post(admin, `/api/elections/${recorded.slug}/rehearsal`, { speed: 60 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      slug: 'ls-recorded-rehearsal',
      running: true,
      rehearsal: { from: 'snapshots', speed: 60, played: 0, total: 7, span: 10 * HOUR },
    });
    // Ten recorded hours at 60×: ten minutes.
    expect(Date.parse(body.endsAt) - start).toBe(10 * MINUTE);
    const copy = 'ls-recorded-rehearsal';
    const desk = (
      await t.app.inject({ url: `/api/elections/${copy}`, headers: auth(editor) })
    ).json();
    expect(desk.name.en).toBe('Lok Sabha election 2024 (rehearsal)');
    expect(desk.rehearsal).toMatchObject({ ofSlug: recorded.slug, played: 0 });

    await runAt(start);
    expect(await snapshotsOf(copy)).toHaveLength(1);
    // Two and a half recorded hours: the leads and the flip in Rae Bareli, nothing declared.
    await runAt(start + 2.5 * MINUTE);
    expect(await snapshotsOf(copy)).toHaveLength(4);
    expect(await tallyOf(copy)).toEqual({
      parties: { BJP: '0/2', INC: '0/1' },
      alliances: { NDA: '0/2', INDIA: '0/1' },
    });
    // A poll again at the same moment plays nothing twice.
    await runAt(start + 2.5 * MINUTE);
    expect(await snapshotsOf(copy)).toHaveLength(4);

    await runAt(start + 10 * MINUTE);
    expect(await snapshotsOf(copy)).toHaveLength(7);
    const final = await tallyOf(recorded.slug);
    expect(final).toEqual({
      parties: { BJP: '1/0', INC: '1/1' },
      alliances: { NDA: '1/0', INDIA: '1/1' },
    });
    expect(await tallyOf(copy)).toEqual(final);
    // The desk names are kept; the source's own snapshots are untouched.
    const copied = await snapshotsOf(copy);
    expect(new Set(copied.map((r) => r.byName))).toEqual(new Set([editor.name]));
    expect(await snapshotsOf(recorded.slug)).toHaveLength(7);
    const state = await t.app.inject({
      url: `/api/elections/${copy}/rehearsal`,
      headers: auth(editor),
    });
    expect(state.json()).toMatchObject({ running: false, rehearsal: { played: 7, total: 7 } });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.subjectId, desk._id));
    expect(job?.doneAt).not.toBeNull();
  });

  it('makes a synthetic day of leads then wins from results imported at once, ending with them', async () => {
    const start = now;
    const res = await post(admin, `/api/elections/${imported.slug}/rehearsal`, { speed: 60 });
    expect(res.statusCode, res.body).toBe(201);
    const { rehearsal, endsAt } = res.json();
    expect(rehearsal.from).toBe('synthetic');
    // Every seat leads two to four times before its final result.
    expect(rehearsal.total).toBeGreaterThanOrEqual(9);
    expect(rehearsal.total).toBeLessThanOrEqual(15);
    const copy = `${imported.slug}-rehearsal`;
    const statuses = new Set<string>();
    // A poll every simulated half hour of the day (30 s at 60×) until its end.
    for (let at = start; at <= Date.parse(endsAt) + MINUTE; at += 30_000) {
      await runAt(at);
      for (const r of await snapshotsOf(copy)) statuses.add(r.status);
    }
    expect(statuses).toEqual(new Set(['leading', 'won']));
    expect(await snapshotsOf(copy)).toHaveLength(rehearsal.total);
    expect(await tallyOf(copy)).toEqual(await tallyOf(imported.slug));
    const varanasi = (await snapshotsOf(copy)).sort((a, b) => b.version - a.version);
    expect(varanasi.some((r) => r.votes === 612970 && r.margin === 152513 && r.round === 32)).toBe(
      true,
    );
  });

  it('stops where it is, and starting again replaces the copy', async () => {
    const start = now;
    const copy = `${recorded.slug}-rehearsal`;
    const first = (
      await t.app.inject({ url: `/api/elections/${copy}`, headers: auth(editor) })
    ).json();
    const res = await post(admin, `/api/elections/${recorded.slug}/rehearsal`, { speed: 120 });
    expect(res.statusCode, res.body).toBe(201);
    const again = (
      await t.app.inject({ url: `/api/elections/${copy}`, headers: auth(editor) })
    ).json();
    expect(again._id).not.toBe(first._id);
    await runAt(start + 30_000);
    // Two processes' ticks at once (a lease run out mid-tick): each save is played once.
    now = start + 45_000;
    const job = {
      id: '',
      key: '',
      kind: 'election-rehearsal',
      subjectId: again._id,
      runAt: clock.now(),
    };
    const { rehearsals } = t.app.services.elections;
    await Promise.all([rehearsals.tick(job), rehearsals.tick(job)]);
    const played = (await snapshotsOf(copy)).length;
    const state = await t.app.inject({
      url: `/api/elections/${copy}/rehearsal`,
      headers: auth(editor),
    });
    expect(state.json().rehearsal.played).toBe(played);
    expect(played).toBeGreaterThan(0);
    expect(played).toBeLessThan(7);
    const stopped = await t.app.inject({
      method: 'DELETE',
      url: `/api/elections/${copy}/rehearsal`,
      headers: auth(admin),
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ running: false, rehearsal: { played } });
    await runAt(start + HOUR);
    expect(await snapshotsOf(copy)).toHaveLength(played);
    const notOne = await post(admin, `/api/elections/${copy}/rehearsal`, { speed: 60 });
    expect(notOne.json().code).toBe('election.rehearsal_of_rehearsal');
  });
});
