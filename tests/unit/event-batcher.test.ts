/*
 * Analytics beacons gather in memory and are written in batches (server/modules/analytics/
 * event-batcher.ts, on the loop server/lib/interval-writer.ts shares with the view counter):
 * one write per batch, a failed batch kept for the next try in order, closing writes the rest.
 */
import { describe, expect, it } from 'vitest';
import { createEventBatcher } from '../../server/modules/analytics/event-batcher';

describe('the analytics event batcher', () => {
  it('writes what gathered as one batch, keeps a failed batch first for the next try', async () => {
    const written: number[][] = [];
    const errors: string[] = [];
    let fail = true;
    const batcher = createEventBatcher<number>({
      intervalMs: 60_000,
      log: { error: (_obj, msg) => errors.push(msg) },
      write: async (rows) => {
        if (fail) throw new Error('database away');
        written.push(rows);
      },
    });
    batcher.add(1);
    batcher.add(2);
    await batcher.flush();
    expect(written).toEqual([]);
    expect(errors).toEqual(['writing analytics events failed']);
    expect(batcher.pending()).toBe(2);

    batcher.add(3);
    fail = false;
    await batcher.flush();
    expect(written).toEqual([[1, 2, 3]]);
    expect(batcher.pending()).toBe(0);
    await batcher.close();
  });

  it('writes within its interval without being asked, and at once after closing', async () => {
    const written: string[][] = [];
    const batcher = createEventBatcher<string>({
      intervalMs: 20,
      write: async (rows) => {
        written.push(rows);
      },
    });
    batcher.add('a');
    await expect.poll(() => written, { timeout: 2_000 }).toEqual([['a']]);
    await batcher.close();
    batcher.add('late');
    await expect.poll(() => written, { timeout: 2_000 }).toEqual([['a'], ['late']]);
  });
});
