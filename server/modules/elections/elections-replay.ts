/*
 * Rehearsals of counting day (issue 69 item 6, DECISIONS.md §32, docs/decisions/072): an
 * administrator starts one on an election; it is copied to `{slug}-rehearsal` (seats, parties,
 * candidates; no results) with its day's saves planned once (elections-rehearsal-plan.ts), and
 * a job replays them at the chosen speed. Its state lives in the database (the copy's
 * `rehearsal` and its `election_replay_steps`), never in one process's memory: a tick leases the
 * job (server/modules/jobs), locks the copy's row, plays the saves that are due, records how far
 * it came and sets the job for the next one, all in one transaction, so any process may take
 * the next tick and none plays a save twice. Time comes from the clock: tests drive it.
 */
import type { RehearsalInput, Rehearsal } from '../../../common/schemas/election-rehearsal';
import type { ElectionRehearsal } from '../../../db/schema/elections';
import type { Db } from '../../../db/client';
import type { Outbox, RecordEvents } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, conflict } from '../../lib/errors';
import type { ClaimedJob, JobsService } from '../jobs/jobs-service';
import { electionImported, electionPagesChange, saveSnapshot } from './elections-desk';
import {
  recordedDay,
  SHORTEST_RECORDED_DAY_MS,
  spanOf,
  syntheticDay,
  type FinalResult,
  type ReplayStep,
} from './elections-rehearsal-plan';
import {
  allResults,
  copyElectionData,
  deleteElection,
  dueSteps,
  insertResults,
  insertSteps,
  lockElection,
  newestVersions,
  nextStep,
  setRehearsal,
  type CopiedIds,
} from './elections-rehearsal-repository';
import {
  electionBySlug,
  insertElection,
  lockSeat,
  newestResult,
  type ElectionRow,
  type ResultRow,
} from './elections-repository';

export const REHEARSAL_JOB = 'election-rehearsal';
/**
 * Saves one tick plays one by one, as the desk would. More due means the replay is behind (no
 * process ran it for a while, a demo site started again): it catches up with each seat's newest
 * due save alone, a hundred seats a tick written in one statement with one event for the
 * election's pages, so that each transaction stays short (the embedded engine runs one at a
 * time: a long one would keep every reader waiting).
 */
const TICK_SAVES = 100;
/** Steps one tick reads at most. */
const CATCH_UP_MAX = 20_000;

/**
 * The saves a tick makes of the due steps: all of them, or when more are due than a tick
 * plays, the longest run of them that touches at most TICK_SAVES seats, each seat's newest of
 * that run alone. Answers the saves and the last step they account for.
 */
export function savesOf<T extends { seatId: string; seq: number }>(due: T[]) {
  if (due.length <= TICK_SAVES) return { saves: due, through: due.at(-1)?.seq };
  const newest = new Map<string, T>();
  for (const step of due) {
    if (!newest.has(step.seatId) && newest.size === TICK_SAVES) break;
    newest.delete(step.seatId);
    newest.set(step.seatId, step);
  }
  const saves = [...newest.values()];
  return { saves, through: Math.max(...saves.map((s) => s.seq)) };
}

const jobKey = (copyId: string) => `${REHEARSAL_JOB}:${copyId}`;

const SUFFIX = { en: ' (rehearsal)', hi: ' (पूर्वाभ्यास)', mr: ' (सराव)', gu: ' (રિહર્સલ)' };
const copyName = (name: ElectionRow['name']) => ({
  en: name.en + SUFFIX.en,
  hi: name.hi + SUFFIX.hi,
  ...(name.mr ? { mr: name.mr + SUFFIX.mr } : {}),
  ...(name.gu ? { gu: name.gu + SUFFIX.gu } : {}),
});
export const rehearsalSlug = (slug: string) => `${slug.slice(0, 89)}-rehearsal`;

/** The day to replay: the recorded saves, or a synthetic day from each seat's final result. */
function planDay(results: ResultRow[], ids: CopiedIds, from: RehearsalInput['from']) {
  const recorded = recordedDay(
    results.map((r) => ({
      at: r.at,
      version: r.version,
      seatId: ids.seats.get(r.seatId)!,
      leaderId: ids.candidates.get(r.leaderId)!,
      ...{ votes: r.votes, margin: r.margin, round: r.round, status: r.status },
      ...{ source: r.source, byName: r.byName },
    })),
  );
  const useRecorded =
    from === 'snapshots' || (from === 'auto' && spanOf(recorded) >= SHORTEST_RECORDED_DAY_MS);
  if (useRecorded) return { from: 'snapshots' as const, steps: recorded };
  // Each seat's final result is its newest snapshot: the last of its steps in saved order.
  const finals = new Map<string, ReplayStep>();
  for (const step of recorded) finals.set(step.seatId, step);
  const day = [...finals.values()].map((f): FinalResult => ({
    ...f,
    key: ids.keys.get(f.seatId)!,
    others: (ids.bySeat.get(f.seatId) ?? []).filter((c) => c !== f.leaderId),
  }));
  return { from: 'synthetic' as const, steps: syntheticDay(day) };
}

export const rehearsalView = (slug: string, r: ElectionRehearsal): Rehearsal => ({
  slug,
  rehearsal: r,
  endsAt: new Date(Date.parse(r.startedAt) + r.span / r.speed).toISOString(),
  running: r.stoppedAt === null && r.played < r.total,
});

/** Plays one replayed save on the copy, as the recorded source said it. */
async function play(tx: Db, record: RecordEvents, copy: ElectionRow, step: ReplayStep) {
  const draft = { leaderId: step.leaderId, votes: step.votes, margin: step.margin };
  // A desk save names the newest it saw: here, whatever is newest (a rehearsing desk's own).
  let basedOn: string | null = null;
  if (step.source === 'desk') {
    await lockSeat(tx, copy.id, step.seatId);
    basedOn = (await newestResult(tx, step.seatId))?.id ?? null;
  }
  await saveSnapshot(
    tx,
    record,
    copy,
    step.seatId,
    { ...draft, round: step.round, status: step.status },
    { source: step.source, by: { id: null, name: step.byName }, basedOn },
  );
}

/** Each seat's newest due save at once, with one event that refreshes the election's pages. */
async function catchUp(tx: Db, record: RecordEvents, copy: ElectionRow, saves: ReplayStep[]) {
  const versions = await newestVersions(
    tx,
    saves.map((s) => s.seatId),
  );
  await insertResults(
    tx,
    saves.map((s) => ({
      ...{ electionId: copy.id, seatId: s.seatId, version: (versions.get(s.seatId) ?? 0) + 1 },
      ...{ leaderId: s.leaderId, votes: s.votes, margin: s.margin, round: s.round },
      ...{ status: s.status, source: s.source, byName: s.byName },
    })),
  );
  record({
    type: 'election.changed',
    subject: { kind: 'election', id: copy.id },
    data: { rehearsal: 'caught up', saves: saves.length },
    cache: electionPagesChange(copy),
  });
}

/** The copy made afresh (an earlier one of this election's replaced), its day planned, its job set. */
async function makeCopy(
  tx: Db,
  record: RecordEvents,
  jobs: JobsService,
  {
    source,
    results,
    input,
    now,
  }: { source: ElectionRow; results: ResultRow[]; input: RehearsalInput; now: Date },
) {
  const copySlug = rehearsalSlug(source.slug);
  const before = await electionBySlug(tx, copySlug);
  if (before && before.rehearsal?.of !== source.id) throw conflict('election.slug_taken');
  if (before) {
    record({
      type: 'election.changed',
      subject: { kind: 'election', id: before.id },
      data: { rehearsal: 'replaced' },
      cache: electionPagesChange(before),
    });
    await jobs.cancel(jobKey(before.id), tx);
    await deleteElection(tx, before.id);
  }
  const { id: _id, createdAt: _c, updatedAt: _u, keySeats: _k, ...kept } = source;
  const copy = await insertElection(tx, {
    ...kept,
    slug: copySlug,
    name: copyName(source.name),
  });
  const ids = await copyElectionData(tx, source, copy);
  const { from, steps } = planDay(results, ids, input.from);
  await insertSteps(tx, copy.id, steps);
  const rehearsal: ElectionRehearsal = {
    ...{ of: source.id, ofSlug: source.slug, from, speed: input.speed },
    ...{ startedAt: now.toISOString(), played: 0, total: steps.length },
    ...{ span: spanOf(steps), stoppedAt: null },
  };
  await setRehearsal(tx, copy.id, rehearsal);
  const first = steps[0]!.offsetMs / input.speed;
  await jobs.schedule(
    {
      ...{ key: jobKey(copy.id), kind: REHEARSAL_JOB, subjectId: copy.id },
      runAt: new Date(now.getTime() + first),
    },
    tx,
  );
  record(electionImported(copy, 'rehearsal', steps.length));
  return rehearsal;
}

export function electionRehearsals(deps: {
  db: Db;
  outbox: Outbox;
  jobs: JobsService;
  clock: Clock;
  found: (slug: string) => Promise<ElectionRow>;
}) {
  const { db, outbox, jobs, clock, found } = deps;

  /** A rehearsal of `source` begins (again, from the start, if one ran). */
  const begin = async (source: ElectionRow, input: RehearsalInput): Promise<Rehearsal> => {
    if (source.rehearsal) throw badRequest('election.rehearsal_of_rehearsal');
    const results = await allResults(db, source.id);
    if (results.length === 0) throw badRequest('election.rehearsal_no_results');
    const now = clock.now();
    const state = await outbox.transaction((tx, record) =>
      makeCopy(tx, record, jobs, { source, results, input, now }),
    );
    return rehearsalView(rehearsalSlug(source.slug), state);
  };

  return {
    begin,

    /** Administrators: a rehearsal of `slug` begins (again, from the start, if one ran). */
    async start(actor: Actor | null, slug: string, input: RehearsalInput): Promise<Rehearsal> {
      requireRole(actor, 'administrator');
      return begin(await found(slug), input);
    },

    /** Administrators: a rehearsal stops where it is (its copy and its saves stay). */
    async stop(actor: Actor | null, slug: string): Promise<Rehearsal> {
      requireRole(actor, 'administrator');
      const copy = await found(slug);
      if (!copy.rehearsal) throw badRequest('election.not_rehearsal');
      const state = await outbox.transaction(async (tx) => {
        const row = (await lockElection(tx, copy.id))!;
        const rehearsal = {
          ...row.rehearsal!,
          stoppedAt: row.rehearsal!.stoppedAt ?? clock.now().toISOString(),
        };
        await setRehearsal(tx, copy.id, rehearsal);
        await jobs.cancel(jobKey(copy.id), tx);
        return rehearsal;
      });
      return rehearsalView(copy.slug, state);
    },

    /** Editors and up: where a rehearsal is. */
    async state(actor: Actor | null, slug: string): Promise<Rehearsal> {
      requireRole(actor, 'editor');
      const copy = await found(slug);
      if (!copy.rehearsal) throw badRequest('election.not_rehearsal');
      return rehearsalView(copy.slug, copy.rehearsal);
    },

    /** The replay job: the saves due by now, in order; then the job is set for the next one. */
    async tick(job: ClaimedJob) {
      if (!job.subjectId) return;
      const copyId = job.subjectId;
      await outbox.transaction(async (tx, record) => {
        const copy = await lockElection(tx, copyId);
        const r = copy?.rehearsal;
        if (!copy || !r || r.stoppedAt) return;
        const now = clock.now().getTime();
        const startedAt = Date.parse(r.startedAt);
        const reached = Math.floor((now - startedAt) * r.speed);
        const due = await dueSteps(tx, copyId, r.played, reached, CATCH_UP_MAX);
        const { saves, through } = savesOf(due);
        if (due.length > TICK_SAVES) await catchUp(tx, record, copy, saves);
        else for (const step of saves) await play(tx, record, copy, step);
        const played = through ?? r.played;
        await setRehearsal(tx, copyId, { ...r, played });
        const next = await nextStep(tx, copyId, played);
        if (!next) return;
        const runAt = new Date(Math.max(now, startedAt + Math.ceil(next.offsetMs / r.speed)));
        await jobs.schedule(
          { key: jobKey(copyId), kind: REHEARSAL_JOB, subjectId: copyId, runAt },
          tx,
        );
      });
    },
  };
}
export type ElectionRehearsals = ReturnType<typeof electionRehearsals>;
