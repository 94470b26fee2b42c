import { describe, expect, it, vi } from 'vitest';
import {
  createChangeNotices,
  decodeNotice,
  encodeNotices,
  MAX_NOTICE_BYTES,
  type Change,
} from '../../server/lib/change-notices';

const tag = (i: number) => `a:${i.toString(16).padStart(32, '0')}`;

describe('change notices between processes', () => {
  it('carry a batch of changes, merged, and read back', () => {
    const [notice, ...more] = encodeNotices('p1', [
      { stale: ['a:1', 'l:latest'] },
      { stale: ['a:1', 'c:2'], drop: ['pa:1'] },
    ]);
    expect(more).toEqual([]);
    expect(decodeNotice(notice!)).toEqual({
      from: 'p1',
      change: { stale: ['a:1', 'l:latest', 'c:2'], drop: ['pa:1'] },
    });
  });

  it('stay under PostgreSQL’s payload limit, split into several, losing no tag', () => {
    const stale = Array.from({ length: 1000 }, (_, i) => tag(i));
    const drop = Array.from({ length: 300 }, (_, i) => `p${tag(i)}`);
    const notices = encodeNotices('p1', [{ stale, drop }]);
    expect(notices.length).toBeGreaterThan(4);
    for (const n of notices) expect(Buffer.byteLength(n)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    const heard = notices.map(
      (n) => decodeNotice(n)!.change as { stale: string[]; drop: string[] },
    );
    expect(heard.flatMap((c) => c.stale)).toEqual(stale);
    expect(heard.flatMap((c) => c.drop)).toEqual(drop);
    // Drops travel first.
    expect(heard[0]!.drop.length).toBeGreaterThan(0);
  });

  it('say "everything" for a change nobody can name, or one tag too large to send', () => {
    expect(encodeNotices('p1', [{ stale: ['a:1'] }, { all: 'stale' }])).toEqual([
      JSON.stringify({ f: 'p1', all: 'stale' }),
    ]);
    const huge = 'x'.repeat(MAX_NOTICE_BYTES);
    expect(decodeNotice(encodeNotices('p1', [{ stale: [], drop: [huge] }])[0]!)).toEqual({
      from: 'p1',
      change: { all: 'drop' },
    });
  });

  it("read an older process's bare sender id as everything, and ignore junk", () => {
    expect(decodeNotice('3f1c')).toEqual({ from: '3f1c', change: { all: 'stale' } });
    expect(decodeNotice('')).toBeUndefined();
    expect(decodeNotice('{"s":["a"]}')).toBeUndefined();
  });

  it('apply a change here at once, send one notice for changes made together, skip their echo', async () => {
    const applied: Change[] = [];
    const sent: string[] = [];
    const notices = createChangeNotices({
      sender: 'me',
      apply: (c) => applied.push(c),
      notify: async (p) => void sent.push(p),
      onSendFailed: () => {
        throw new Error('not expected');
      },
    });
    const both = Promise.all([
      notices.changed({ stale: ['a:1'] }),
      notices.changed({ stale: ['a:2'] }),
    ]);
    expect(applied).toHaveLength(2);
    await both;
    expect(sent).toHaveLength(1);
    notices.heard(sent[0]!);
    expect(applied).toHaveLength(2);
    notices.heard(JSON.stringify({ f: 'other', s: ['a:3'] }));
    expect(applied[2]).toEqual({ stale: ['a:3'], drop: [] });
  });

  it('a notice that could not be sent is reported and sent again, in order, until it goes', async () => {
    vi.useFakeTimers();
    try {
      let down = true;
      let failures = 0;
      const sent: string[] = [];
      const notices = createChangeNotices({
        sender: 'me',
        apply: () => {},
        notify: async (p) => {
          if (down) throw new Error('connection lost');
          sent.push(p);
        },
        onSendFailed: () => failures++,
      });
      const first = notices.changed({ stale: ['a:1'] });
      await vi.advanceTimersByTimeAsync(0);
      await first;
      expect(failures).toBe(1);
      expect(notices.unsent).toBe(true);
      const second = notices.changed({ stale: ['a:2'] });
      await vi.advanceTimersByTimeAsync(0);
      await second;
      // Still down at the first retry, back by the second.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(failures).toBe(2);
      down = false;
      await vi.advanceTimersByTimeAsync(2_000);
      expect(notices.unsent).toBe(false);
      expect(sent.map((p) => (decodeNotice(p)!.change as { stale: string[] }).stale)).toEqual([
        ['a:1'],
        ['a:2'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
