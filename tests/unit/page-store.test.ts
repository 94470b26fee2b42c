import { describe, expect, it } from 'vitest';
import { createPageStore, type KeptAnswer } from '../../server/caching/page-store';

const answer = (text: string): KeptAnswer => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  etag: `"${text}"`,
  gzip: Buffer.from(text),
  br: Buffer.from(text),
});

function clockAt(start = 1_000_000) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

describe('the page store keeps answers by what they show', () => {
  it('a change stales only the answers that showed it; the rest stay fresh', () => {
    const store = createPageStore({ clock: clockAt() });
    const since = store.begin();
    store.set('/', answer('home'), { tags: ['l:latest', 'a:1', 'a:2'], since });
    store.set('/news/one', answer('one'), { tags: ['pa:1', 'a:1'], since });
    store.set('/sport/three', answer('three'), { tags: ['pa:3', 'a:3'], since });
    const stale = store.invalidate({ stale: ['a:1'] });
    expect(stale.sort()).toEqual(['/', '/news/one']);
    expect(store.get('/')?.state).toBe('stale');
    expect(store.get('/news/one')?.state).toBe('stale');
    expect(store.get('/sport/three')?.state).toBe('fresh');
    // A stale answer is still the old bytes, served while it is refreshed.
    expect(store.get('/')?.answer.etag).toBe('"home"');
  });

  it('a page that must go is dropped, never served stale', () => {
    const store = createPageStore({ clock: clockAt() });
    const since = store.begin();
    store.set('/news/one', answer('one'), { tags: ['pa:1', 'a:1'], since });
    store.set('/', answer('home'), { tags: ['a:1'], since });
    store.invalidate({ stale: ['a:1'], drop: ['pa:1'] });
    expect(store.get('/news/one')).toBeUndefined();
    expect(store.get('/')?.state).toBe('stale');
  });

  it('a render begun before a change to what it shows is kept stale, or not at all when dropped', () => {
    const store = createPageStore({ clock: clockAt() });
    const before = store.begin();
    store.invalidate({ stale: ['a:1'] });
    expect(store.set('/', answer('home'), { tags: ['a:1'], since: before })).toBe('stale');
    expect(store.set('/x', answer('x'), { tags: ['a:2'], since: before })).toBe('fresh');
    store.invalidate({ stale: [], drop: ['pa:1'] });
    expect(store.set('/news/one', answer('one'), { tags: ['pa:1'], since: before })).toBe(
      'refused',
    );
    expect(store.get('/news/one')).toBeUndefined();
    // A render that began after the change is fresh.
    const after = store.begin();
    expect(store.set('/news/one', answer('one'), { tags: ['pa:1'], since: after })).toBe('fresh');
  });

  it('an answer ages: fresh for its time, then stale, then gone', () => {
    const clock = clockAt();
    const store = createPageStore({ clock, freshMs: 60_000, staleMs: 600_000 });
    store.set('/', answer('home'), { tags: [], since: store.begin() });
    clock.advance(59_000);
    expect(store.get('/')?.state).toBe('fresh');
    clock.advance(2_000);
    expect(store.get('/')?.state).toBe('stale');
    clock.advance(600_000);
    expect(store.get('/')).toBeUndefined();
  });

  it('all at once: stale keeps serving, drop forgets', () => {
    const store = createPageStore({ clock: clockAt() });
    const since = store.begin();
    store.set('/', answer('home'), { tags: ['a:1'], since });
    store.set('/b', answer('b'), { tags: ['a:2'], since });
    expect(store.invalidate({ all: 'stale' }).sort()).toEqual(['/', '/b']);
    expect(store.get('/b')?.state).toBe('stale');
    store.invalidate({ all: 'drop' });
    expect(store.size).toBe(0);
  });

  it('while notifications may be missed, serves what it has stale and keeps nothing new', () => {
    const store = createPageStore({ clock: clockAt() });
    const before = store.begin();
    store.set('/', answer('home'), { tags: [], since: before });
    store.distrust();
    expect(store.get('/')?.state).toBe('stale');
    expect(store.set('/b', answer('b'), { tags: [], since: store.begin() })).toBe('refused');
    // Heard again: what it kept may have missed a change, so it is dropped, once.
    store.trust();
    expect(store.get('/')).toBeUndefined();
    expect(store.set('/', answer('home'), { tags: [], since: before })).toBe('refused');
    expect(store.set('/', answer('home'), { tags: [], since: store.begin() })).toBe('fresh');
    store.trust();
    expect(store.get('/')?.state).toBe('fresh');
  });

  it('forgets the tags of answers it evicts, and finds keys by tag', () => {
    const store = createPageStore({ clock: clockAt(), maxEntries: 2 });
    const since = store.begin();
    store.set('/1', answer('1'), { tags: ['a:1'], since });
    store.set('/2', answer('2'), { tags: ['a:1', 'a:2'], since });
    store.set('/3', answer('3'), { tags: ['a:2'], since });
    expect(store.keysTagged(['a:1'])).toEqual(['/2']);
    expect(store.invalidate({ stale: ['a:2'] }).sort()).toEqual(['/2', '/3']);
    // Re-keeping a key under other tags leaves its old tags.
    store.set('/2', answer('2b'), { tags: ['a:9'], since: store.begin() });
    expect(store.keysTagged(['a:1'])).toEqual([]);
    expect(store.keysTagged(['a:9'])).toEqual(['/2']);
  });

  it('orders stale keys by when a reader last asked for them', () => {
    const clock = clockAt();
    const store = createPageStore({ clock });
    const since = store.begin();
    for (const key of ['/a', '/b', '/c']) store.set(key, answer(key), { tags: ['t'], since });
    clock.advance(10);
    store.get('/b');
    clock.advance(10);
    store.get('/c');
    expect(store.invalidate({ stale: ['t'] })).toEqual(['/c', '/b', '/a']);
  });

  it('counts the bytes of every encoding it keeps, and keeps no answer over an eighth of it', () => {
    const hindi = 'पत्रिका'.repeat(100); // 700 code units, 2,100 UTF-8 bytes in each encoding
    const kept = (body: string): KeptAnswer => ({
      ...answer('hi'),
      gzip: Buffer.from(body),
      br: Buffer.from(body),
    });
    const store = createPageStore({ clock: clockAt(), maxBytes: 8 * 5000 });
    store.set('/hi', kept(hindi), { tags: [], since: store.begin() });
    expect(store.bytes).toBeGreaterThanOrEqual(2 * Buffer.byteLength(hindi));
    // 4,200 bytes > 24,000 / 8 (one encoding's 2,100 bytes, or its 700 UTF-16 units, would fit).
    const small = createPageStore({ clock: clockAt(), maxBytes: 8 * 3000 });
    expect(small.set('/hi', kept(hindi), { tags: [], since: small.begin() })).toBe('refused');
    expect(small.get('/hi')).toBeUndefined();
  });
});
