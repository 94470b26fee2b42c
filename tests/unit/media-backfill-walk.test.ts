/*
 * The media backfills walk the uploads lacking a variant by id, each batch after the last
 * one's final id (server/modules/media/media-backfills.ts): a batch never reads again the rows
 * the ones before passed over (at a million uploads each batch listed the table from its start),
 * a row added behind the walk is picked up by one more walk from the start, and a row the work
 * cannot take out of the list is not tried forever.
 */
import { describe, expect, it } from 'vitest';
import { eachUntilNone } from '../../server/modules/media/media-backfills';

interface Row {
  id: string;
  pending: boolean;
}

const id = (n: number) => String(n).padStart(4, '0');

/** A table of uploads, listed as the repository lists them: pending, in id order, after a key. */
function table(n: number) {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({ id: id(i * 2 + 2), pending: true }));
  const asked: (string | null)[] = [];
  const next = async (after: string | null) => {
    asked.push(after);
    return rows
      .filter((r) => r.pending && (after === null || r.id > after))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, 20)
      .map((r) => ({ ...r }));
  };
  return { rows, asked, next };
}

describe('the media backfills’ walk', () => {
  it('reads each batch after the last one’s final id, then once more from the start', async () => {
    const { rows, asked, next } = table(50);
    const done = await eachUntilNone(
      next,
      async (row) => {
        rows.find((r) => r.id === row.id)!.pending = false;
      },
      {},
    );
    expect(done).toBe(50);
    // Three batches and the empty one, then one walk from the start that finds nothing.
    expect(asked).toEqual([null, id(40), id(80), id(100), null]);
  });

  it('picks up a row added behind the walk', async () => {
    const { rows, next } = table(30);
    const seen: string[] = [];
    await eachUntilNone(
      next,
      async (row) => {
        seen.push(row.id);
        rows.find((r) => r.id === row.id)!.pending = false;
        if (row.id === id(50)) rows.push({ id: id(1), pending: true });
      },
      {},
    );
    expect(seen.filter((s) => s === id(1))).toHaveLength(1);
    expect(rows.every((r) => !r.pending)).toBe(true);
  });

  it('stops on a row the work cannot take out of the list, after two walks', async () => {
    const { rows, asked, next } = table(25);
    const tries = new Map<string, number>();
    const done = await eachUntilNone(
      next,
      async (row) => {
        tries.set(row.id, (tries.get(row.id) ?? 0) + 1);
        if (row.id !== id(10)) rows.find((r) => r.id === row.id)!.pending = false;
      },
      {},
    );
    expect(tries.get(id(10))).toBe(2);
    expect(done).toBe(26);
    expect(asked.filter((a) => a === null)).toHaveLength(2);
  });

  it('stops between batches when told to', async () => {
    const { rows, next } = table(50);
    let n = 0;
    const done = await eachUntilNone(
      next,
      async (row) => {
        n++;
        rows.find((r) => r.id === row.id)!.pending = false;
      },
      { stopped: () => n >= 20 },
    );
    expect(done).toBe(20);
  });
});
