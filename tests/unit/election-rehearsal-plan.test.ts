/*
 * A rehearsal's day (issue 69 item 6, docs/decisions/072): the recorded saves at their times; a
 * synthetic day whose last save of every seat is its final result, the same day every time; and
 * a replay far behind catching up with each seat's newest due save, a bounded run at a time.
 */
import { describe, expect, it } from 'vitest';
import {
  recordedDay,
  spanOf,
  syntheticDay,
  type FinalResult,
} from '../../server/modules/elections/elections-rehearsal-plan';
import { savesOf } from '../../server/modules/elections/elections-replay';

const HOUR = 3_600_000;
const finals: FinalResult[] = Array.from({ length: 40 }, (_, i) => ({
  key: `S24/${i + 1}`,
  seatId: `seat-${i}`,
  leaderId: `winner-${i}`,
  others: [`runner-${i}`],
  votes: 500_000 + i,
  margin: 10_000 + i,
  round: i % 2 ? 25 : 0,
  status: i === 0 ? 'leading' : 'won',
}));

describe('a rehearsal’s day', () => {
  it('keeps the recorded saves in order, at their times after the first', () => {
    const at = (h: number) => new Date(Date.UTC(2024, 5, 4, 2, 30) + h * HOUR);
    const step = { seatId: 's', leaderId: 'c', votes: 1, margin: 1, round: 1 } as const;
    const day = recordedDay([
      { ...step, at: at(3), version: 2, status: 'won', source: 'desk', byName: 'B' },
      { ...step, at: at(0), version: 1, status: 'leading', source: 'desk', byName: 'A' },
    ]);
    expect(day.map((s) => [s.offsetMs, s.byName])).toEqual([
      [0, 'A'],
      [3 * HOUR, 'B'],
    ]);
    expect(spanOf(day)).toBe(3 * HOUR);
  });

  it('makes a synthetic day of leads then each seat’s final result, the same every time', () => {
    const day = syntheticDay(finals);
    expect(syntheticDay(finals)).toEqual(day);
    for (const [i, final] of finals.entries()) {
      const seat = day.filter((s) => s.seatId === final.seatId);
      expect(seat.length).toBeGreaterThanOrEqual(3);
      expect(seat.length).toBeLessThanOrEqual(5);
      const offsets = seat.map((s) => s.offsetMs);
      expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
      expect(new Set(offsets).size).toBe(offsets.length);
      expect(seat.slice(0, -1).every((s) => s.status === 'leading')).toBe(true);
      expect(seat.at(-1)).toMatchObject({
        leaderId: final.leaderId,
        votes: final.votes,
        margin: final.margin,
        status: final.status,
        ...(final.round > 0 ? { round: final.round } : {}),
      });
      // Declared between 11 a.m. and 7 p.m. of a count from 8 a.m.
      if (i > 0) expect(seat.at(-1)!.offsetMs).toBeGreaterThanOrEqual(3 * HOUR);
      expect(seat.at(-1)!.offsetMs).toBeLessThanOrEqual(11.5 * HOUR);
    }
    // Some seats had another candidate ahead first.
    expect(day.some((s) => s.leaderId.startsWith('runner-'))).toBe(true);
  });
});

describe('catching up', () => {
  const step = (seq: number, seat: number) => ({ seq, seatId: `seat-${seat}` });

  it('plays every due save when a tick can', () => {
    const due = Array.from({ length: 100 }, (_, i) => step(i + 1, i % 7));
    expect(savesOf(due)).toEqual({ saves: due, through: 100 });
  });

  it('plays each seat’s newest of the longest run touching at most 100 seats', () => {
    // 300 saves over 150 seats: seat k at seq k and k + 150.
    const due = Array.from({ length: 300 }, (_, i) => step(i + 1, i % 150));
    const { saves, through } = savesOf(due);
    expect(saves).toHaveLength(100);
    expect(through).toBe(100);
    expect(saves.map((s) => s.seq)).toEqual(due.slice(0, 100).map((s) => s.seq));
    // Seats saved again within the run: their newest of it is played, not the first.
    const twice = [
      ...Array.from({ length: 200 }, (_, i) => step(i + 1, i % 100)),
      ...Array.from({ length: 50 }, (_, i) => step(201 + i, 100 + i)),
    ];
    const caught = savesOf(twice);
    expect(caught.through).toBe(200);
    expect(caught.saves.map((s) => s.seq)).toEqual(twice.slice(100, 200).map((s) => s.seq));
  });
});
