import { describe, expect, it } from 'vitest';
import { createPageCache } from '../../server/lib/page-cache';
import { processReads } from '../../server/http';

/** A clock the test moves, and a read that counts its calls and answers what it is told. */
function setup() {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => now };
  const pages = createPageCache({ clock });
  let calls = 0;
  let answer: () => Promise<{ name: string }> = async () => ({ name: `read ${calls}` });
  const read = processReads(
    pages,
    clock,
  )(() => {
    calls++;
    return answer();
  });
  return {
    pages,
    read,
    calls: () => calls,
    answerWith: (next: typeof answer) => (answer = next),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('settings and categories kept per process (server/http.ts processReads)', () => {
  it('reads once, then answers the kept value, frozen', async () => {
    const t = setup();
    const first = await t.read();
    expect(await t.read()).toBe(first);
    expect(t.calls()).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('reads again after any invalidation: a local write or another process’s NOTIFY', async () => {
    const t = setup();
    expect((await t.read()).name).toBe('read 1');
    t.pages.invalidate();
    expect((await t.read()).name).toBe('read 2');
    expect(t.calls()).toBe(2);
  });

  it('keeps nothing while notifications may be missed, and again once trusted', async () => {
    const t = setup();
    t.pages.distrust();
    await t.read();
    await t.read();
    expect(t.calls()).toBe(2);
    t.pages.trust();
    await t.read();
    await t.read();
    expect(t.calls()).toBe(3);
  });

  it('never keeps a read that began before a change', async () => {
    const t = setup();
    let finish: (v: { name: string }) => void = () => {};
    t.answerWith(() => new Promise((resolve) => (finish = resolve)));
    const pending = t.read();
    t.pages.invalidate(); // a write lands while the read is on its way
    finish({ name: 'old' });
    expect((await pending).name).toBe('old');
    t.answerWith(async () => ({ name: 'new' }));
    expect((await t.read()).name).toBe('new');
  });

  it('does not keep a failed read', async () => {
    const t = setup();
    t.answerWith(async () => {
      throw new Error('database down');
    });
    await expect(t.read()).rejects.toThrow('database down');
    t.answerWith(async () => ({ name: 'back' }));
    expect((await t.read()).name).toBe('back');
  });

  it('reads again after a minute, as a cached page expires', async () => {
    const t = setup();
    await t.read();
    t.advance(59_000);
    await t.read();
    expect(t.calls()).toBe(1);
    t.advance(2_000);
    await t.read();
    expect(t.calls()).toBe(2);
  });

  it('keeps one value per key (a category’s count), each dropped by any invalidation', async () => {
    const clock = { now: () => new Date('2026-11-22T12:00:00Z') };
    const pages = createPageCache({ clock });
    const asked: string[] = [];
    const count = processReads(pages, clock).by(async (id) => {
      asked.push(id);
      return id.length;
    });
    expect(await count('news')).toBe(4);
    expect(await count('sport')).toBe(5);
    expect(await count('news')).toBe(4);
    expect(asked).toEqual(['news', 'sport']);
    pages.invalidate();
    await count('sport');
    expect(asked).toEqual(['news', 'sport', 'sport']);
  });
});
