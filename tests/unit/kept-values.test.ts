import { describe, expect, it } from 'vitest';
import { KeptValues } from '../../server/caching/kept-values';
import { createPageStore } from '../../server/caching/page-store';
import { systemClock } from '../../server/lib/clock';

/** A kept value over a fresh page store, and a source whose reads are counted. */
function setup() {
  const store = createPageStore({ clock: systemClock });
  const values = new KeptValues(store);
  let reads = 0;
  let current = { name: 'Patrika', sections: ['news'] };
  const read = async () => {
    reads++;
    return structuredClone(current);
  };
  const get = () => values.get('settings', ['settings'], read);
  return {
    store,
    get,
    reads: () => reads,
    set: (next: typeof current) => (current = next),
  };
}

describe('KeptValues', () => {
  it('reads once until a change names one of its tags, then reads the new value', async () => {
    const s = setup();
    expect(await s.get()).toEqual({ name: 'Patrika', sections: ['news'] });
    await s.get();
    expect(s.reads()).toBe(1);
    s.set({ name: 'पत्रिका', sections: [] });
    s.store.invalidate({ stale: ['categories'] });
    expect((await s.get()).name).toBe('Patrika');
    s.store.invalidate({ stale: ['settings'] });
    expect(await s.get()).toEqual({ name: 'पत्रिका', sections: [] });
    expect(s.reads()).toBe(2);
    s.store.invalidate({ all: 'drop' });
    await s.get();
    expect(s.reads()).toBe(3);
  });

  it('does not keep a read that a change overtook: the next reader reads again', async () => {
    const s = setup();
    const first = s.get();
    s.store.invalidate({ stale: ['settings'] });
    await first;
    await s.get();
    expect(s.reads()).toBe(2);
  });

  it('keeps nothing while changes may go unheard, and reads again once they are heard', async () => {
    const s = setup();
    await s.get();
    s.store.distrust();
    await s.get();
    await s.get();
    expect(s.reads()).toBe(3);
    s.store.trust();
    await s.get();
    await s.get();
    expect(s.reads()).toBe(4);
  });

  it('does not keep a failed read', async () => {
    const store = createPageStore({ clock: systemClock });
    const values = new KeptValues(store);
    let fail = true;
    const read = async () => {
      if (fail) throw new Error('database away');
      return 1;
    };
    await expect(values.get('k', ['t'], read)).rejects.toThrow('database away');
    fail = false;
    expect(await values.get('k', ['t'], read)).toBe(1);
  });

  it('takes its tags from what was read when they depend on it', async () => {
    const store = createPageStore({ clock: systemClock });
    const values = new KeptValues(store);
    let reads = 0;
    const menu = () =>
      values.get(
        'menu',
        (m: { unlisted: string[] }) => m.unlisted.map((id) => `lc:${id}`),
        async () => {
          reads++;
          return { unlisted: ['sport'] };
        },
      );
    await menu();
    store.invalidate({ stale: ['lc:news'] });
    await menu();
    expect(reads).toBe(1);
    store.invalidate({ stale: ['lc:sport'] });
    await menu();
    expect(reads).toBe(2);
    // A change while it is read, before its tags are known: the next reader reads again.
    store.invalidate({ stale: ['lc:sport'] });
    const reading = menu();
    store.invalidate({ stale: ['lc:news'] });
    await Promise.all([reading, menu()]);
    expect(reads).toBe(4);
  });

  it('hands every reader the same frozen value', async () => {
    const s = setup();
    const [a, b] = [await s.get(), await s.get()];
    expect(a).toBe(b);
    expect(() => a.sections.push('sport')).toThrow(TypeError);
    expect(() => Object.assign(a, { name: 'x' })).toThrow(TypeError);
  });

  it('keeps at most its bound, letting go of the value used longest ago', async () => {
    const store = createPageStore({ clock: systemClock });
    const values = new KeptValues(store, 3);
    const reads = new Map<string, number>();
    const get = (key: string) =>
      values.get(key, [`a:${key}`], async () => {
        reads.set(key, (reads.get(key) ?? 0) + 1);
        return { key };
      });
    for (const key of ['settings', 'one', 'two']) await get(key);
    await get('settings'); // used again: now the last to go
    await get('three'); // over the bound: 'one' goes
    for (const key of ['settings', 'two', 'three', 'one']) await get(key);
    expect(Object.fromEntries(reads)).toEqual({ settings: 1, one: 2, two: 1, three: 1 });
  });
});
