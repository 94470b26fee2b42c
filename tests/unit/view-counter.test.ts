/*
 * Views counted in memory and written in batches (issue 23 item 4): never later than the
 * interval, at most one write per interval, each reader's view once per batch, a failed write
 * kept for the next, what is left written on close, and memory bounded while writes fail. Fake
 * timers: nothing here depends on the machine's speed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createViewCounter,
  MAX_PENDING_VIEWS,
  VIEWS_FLUSH_MS,
  type PendingViews,
} from '../../server/modules/views/view-counter';

const START = Date.parse('2026-11-23T18:29:59Z');

/** A batch as plain data: article → { reader → when (ms after START) }. */
const plain = (batch: PendingViews) =>
  Object.fromEntries(
    [...batch].map(([id, readers]) => [
      id,
      Object.fromEntries([...readers].map(([reader, ms]) => [reader, ms - START])),
    ]),
  );
const viewsIn = (batch: Record<string, Record<string, number>>) =>
  Object.values(batch).reduce((n, readers) => n + Object.keys(readers).length, 0);

let written: Record<string, Record<string, number>>[];
let failNext: number;
const errors: { obj: object; msg: string }[] = [];
const makeCounter = () =>
  createViewCounter({
    clock: { now: () => new Date(Date.now()) },
    write: async (batch) => {
      if (failNext > 0) {
        failNext--;
        throw new Error('the database is away');
      }
      written.push(plain(batch));
    },
    log: { error: (obj, msg) => errors.push({ obj, msg }) },
  });

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  written = [];
  failNext = 0;
  errors.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the view counter', () => {
  it('writes views once the interval is up, never before, in one batch', async () => {
    expect(VIEWS_FLUSH_MS).toBeLessThanOrEqual(5_000);
    const counter = makeCounter();
    expect(counter.add('a', '10.0.0.1')).toBe(true);
    expect(counter.add('a', '10.0.0.2')).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(counter.add('b', '10.0.0.1')).toBe(true);
    await vi.advanceTimersByTimeAsync(VIEWS_FLUSH_MS - 1_001);
    expect(written).toEqual([]);
    expect(counter.pending()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([{ a: { '10.0.0.1': 0, '10.0.0.2': 0 }, b: { '10.0.0.1': 1_000 } }]);
    expect(counter.pending()).toBe(0);
  });

  it('holds one view per reader and article until it is written: a second one is not added', async () => {
    const counter = makeCounter();
    expect(counter.add('a', '10.0.0.1')).toBe(true);
    expect(counter.has('a', '10.0.0.1')).toBe(true);
    expect(counter.add('a', '10.0.0.1')).toBe(false);
    expect(counter.has('b', '10.0.0.1')).toBe(false);
    await counter.flush();
    expect(written).toEqual([{ a: { '10.0.0.1': 0 } }]);
    // Once written, whether it counts again is the database's to say (views-batches.test.ts).
    expect(counter.has('a', '10.0.0.1')).toBe(false);
  });

  it('writes at most once an interval however many views come', async () => {
    const counter = makeCounter();
    const views = (3 * VIEWS_FLUSH_MS) / 100;
    for (let n = 0; n < views; n++) {
      counter.add('a', `10.0.${Math.floor(n / 200)}.${n % 200}`);
      await vi.advanceTimersByTimeAsync(100);
    }
    await counter.flush();
    // A view every 100 ms for three intervals: three writes, every view in them.
    expect(written).toHaveLength(3);
    expect(written.reduce((n, batch) => n + viewsIn(batch), 0)).toBe(views);
  });

  it('keeps a batch that could not be written, says so, and writes it with the next', async () => {
    const counter = makeCounter();
    failNext = 1;
    counter.add('a', '10.0.0.1');
    await vi.advanceTimersByTimeAsync(VIEWS_FLUSH_MS);
    expect(written).toEqual([]);
    expect(counter.pending()).toBe(1);
    expect(counter.has('a', '10.0.0.1')).toBe(true);
    expect(errors).toEqual([
      expect.objectContaining({ obj: expect.objectContaining({ views: 1 }) }),
    ]);
    counter.add('a', '10.0.0.2');
    await vi.advanceTimersByTimeAsync(VIEWS_FLUSH_MS);
    expect(written).toEqual([{ a: { '10.0.0.1': 0, '10.0.0.2': VIEWS_FLUSH_MS } }]);
    expect(counter.pending()).toBe(0);
  });

  it("keeps a reader's earliest view when a failed batch comes back", async () => {
    let release: (ok: boolean) => void = () => {};
    const batches: Record<string, Record<string, number>>[] = [];
    const counter = createViewCounter({
      clock: { now: () => new Date(Date.now()) },
      write: async (batch) => {
        batches.push(plain(batch));
        const ok = await new Promise<boolean>((resolve) => (release = resolve));
        if (!ok) throw new Error('the database is away');
      },
    });
    counter.add('a', '10.0.0.1');
    const first = counter.flush();
    await vi.advanceTimersByTimeAsync(2_000);
    // While the first batch is being written, the same reader again (a new view here).
    counter.add('a', '10.0.0.1');
    release(false);
    await first;
    const second = counter.flush();
    await vi.advanceTimersByTimeAsync(0);
    release(true);
    await second;
    expect(batches).toEqual([{ a: { '10.0.0.1': 0 } }, { a: { '10.0.0.1': 0 } }]);
    expect(counter.pending()).toBe(0);
  });

  it('tries a failed batch again without waiting for another view', async () => {
    const counter = makeCounter();
    failNext = 1;
    counter.add('a', '10.0.0.1');
    await vi.advanceTimersByTimeAsync(2 * VIEWS_FLUSH_MS);
    expect(written).toEqual([{ a: { '10.0.0.1': 0 } }]);
  });

  it('writes what is left on close, without waiting for the interval', async () => {
    const counter = makeCounter();
    counter.add('a', '10.0.0.1');
    await counter.close();
    expect(written).toEqual([{ a: { '10.0.0.1': 0 } }]);
    // A view counted by a request that ended after closing is written at once.
    counter.add('b', '10.0.0.1');
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('says how many views were lost when the last write fails', async () => {
    const counter = makeCounter();
    counter.add('a', '10.0.0.1');
    counter.add('b', '10.0.0.1');
    failNext = 1;
    await counter.close();
    expect(written).toEqual([]);
    expect(errors.at(-1)).toEqual({
      obj: { views: 2 },
      msg: 'counted views could not be written',
    });
  });

  it('writes one batch at a time: views counted during a write wait for the next', async () => {
    let release = () => {};
    const sizes: number[] = [];
    const counter = createViewCounter({
      clock: { now: () => new Date(Date.now()) },
      write: async (batch) => {
        sizes.push(viewsIn(plain(batch)));
        if (sizes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    counter.add('a', '10.0.0.1');
    const first = counter.flush();
    counter.add('a', '10.0.0.2');
    counter.add('a', '10.0.0.3');
    const second = counter.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(sizes).toEqual([1]);
    release();
    await Promise.all([first, second]);
    expect(sizes).toEqual([1, 2]);
  });

  it('refuses views beyond MAX_PENDING_VIEWS while writes fail, and says how many', async () => {
    const counter = makeCounter();
    failNext = Infinity;
    for (let n = 0; n < MAX_PENDING_VIEWS; n++) counter.add('a', `reader ${n}`);
    expect(counter.add('a', 'one too many')).toBe(false);
    expect(counter.add('b', 'and another')).toBe(false);
    expect(counter.pending()).toBe(MAX_PENDING_VIEWS);
    await vi.advanceTimersByTimeAsync(VIEWS_FLUSH_MS);
    expect(errors).toContainEqual({
      obj: { views: 2 },
      msg: 'views refused: too many were waiting to be written',
    });
    // Once written, there is room again.
    failNext = 0;
    await vi.advanceTimersByTimeAsync(VIEWS_FLUSH_MS);
    expect(counter.pending()).toBe(0);
    expect(counter.add('a', 'one too many')).toBe(true);
  });
});
