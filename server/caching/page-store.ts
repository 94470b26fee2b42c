/*
 * Kept answers for anonymous readers, by what they show (DECISIONS.md §16,
 * docs/decisions/029). Each answer (a page, a feed, a sitemap, reader-facing JSON) is kept
 * with the tags of what it was made from (common/cache-tags.ts). A change names its tags:
 * answers that showed them turn stale and are served as they are while one render refreshes
 * them (stale-while-revalidate); answers that must go (a page deleted, unpublished or moved)
 * are dropped at once and never served stale. Everything else stays kept.
 *
 * A render that began before a change to something it shows is never kept as fresh: it may
 * have read the old content while the change was made. Such a render is kept stale (it is
 * refreshed again at once), or not at all when the change dropped what it showed.
 */
import { LRUCache } from 'lru-cache';
import type { CacheChange } from '../../common/cache-tags';
import type { Clock } from '../lib/clock';

/** An answer as kept: its bytes in each encoding, its validator and its own headers. */
export interface KeptAnswer {
  status: number;
  /** The answer's own headers, without length and encoding (they depend on the encoding sent). */
  headers: [string, string][];
  /** Strong validator of the answer's bytes (before encoding), quoted. */
  etag: string;
  gzip: Buffer;
  br: Buffer;
  /** When what it shows ends (ms on the clock): shared caches are told to keep it no longer. */
  endsAt?: number;
}

/** What `get` finds: a fresh answer, or a stale one (to serve while it is refreshed). */
export interface Found {
  answer: KeptAnswer;
  state: 'fresh' | 'stale';
  tags: readonly string[];
}

interface Entry {
  answer: KeptAnswer;
  tags: readonly string[];
  /** Fresh until then (ms on the clock), unless a change made it stale first. */
  freshUntil: number;
  /** Never served from then on (ms on the clock): what it shows ends then. */
  endsAt: number;
  stale: boolean;
  /** When a reader last asked for it: recently read answers are refreshed first. */
  readAt: number;
}

/** How many tags' last changes a store remembers. */
const MAX_MARKS = 200_000;

/** The last change to a tag, as a sequence number: to stale it, and to drop it. */
interface Marks {
  stale: number;
  drop: number;
}

const sizeOf = (entry: Entry) =>
  entry.answer.gzip.length +
  entry.answer.br.length +
  entry.tags.reduce((n, tag) => n + tag.length, 0) +
  entry.answer.headers.reduce((n, [name, value]) => n + name.length + value.length, 0);

export interface PageStoreOptions {
  clock: Clock;
  maxEntries?: number;
  maxBytes?: number;
  /** How long an answer is fresh when nothing it shows changes (random suggestions age). */
  freshMs?: number;
  /** How long past that, or past a change, an answer may still be served stale. */
  staleMs?: number;
}

/** The kept answers of one process (see the top of this file). */
export class PageStore {
  private readonly clock: Clock;
  private readonly freshMs: number;
  private readonly staleMs: number;
  /** Keys by tag, for a change to find the answers that showed it. */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly entries: LRUCache<string, Entry>;
  /**
   * The last change of each tag (bounded: a tag forgotten here has not changed for a long
   * time, and any render that began before it was kept or refused long since). A Map in the
   * order of the tags' last changes, not an LRUCache: that one allocates its 200,000 places
   * when made, 40 ms of CPU at every start.
   */
  private readonly marks = new Map<string, Marks>();
  private seq = 0;
  private readonly all: Marks = { stale: 0, drop: 0 };
  /** While false (change notifications may be missed), nothing is kept. */
  private isTrusted = true;

  constructor(options: PageStoreOptions) {
    this.clock = options.clock;
    this.freshMs = options.freshMs ?? 60_000;
    this.staleMs = options.staleMs ?? 10 * 60_000;
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 1000,
      maxSize: maxBytes,
      // One answer never takes more than an eighth of the store.
      maxEntrySize: maxBytes / 8,
      sizeCalculation: sizeOf,
      dispose: (entry, key) => this.unindex(key, entry),
    });
  }

  /** Records a tag's change as its newest, forgetting the tag changed longest ago past MAX_MARKS. */
  private mark(tag: string, marks: Marks) {
    this.marks.delete(tag);
    this.marks.set(tag, marks);
    if (this.marks.size > MAX_MARKS) this.marks.delete(this.marks.keys().next().value!);
  }

  private now() {
    return this.clock.now().getTime();
  }

  private unindex(key: string, entry: Entry) {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** The latest change among `tags`, of each kind. */
  private lastChange(tags: readonly string[]): Marks {
    const last = { ...this.all };
    for (const tag of tags) {
      const m = this.marks.get(tag);
      if (!m) continue;
      if (m.stale > last.stale) last.stale = m.stale;
      if (m.drop > last.drop) last.drop = m.drop;
    }
    return last;
  }

  /** The mark a render takes when it begins, handed back to `set`. */
  begin(): number {
    return this.seq;
  }

  /**
   * Whether something made from `tags` when the mark was `since` may be out of date: a change
   * to any of them came since, or changes may have gone unheard (kept-values.ts).
   */
  changedSince(tags: readonly string[], since: number): boolean {
    if (!this.isTrusted) return true;
    const last = this.lastChange(tags);
    return last.stale > since || last.drop > since;
  }

  get(key: string): Found | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const t = this.now();
    if (t > entry.freshUntil + this.staleMs || t >= entry.endsAt) {
      this.entries.delete(key);
      return undefined;
    }
    entry.readAt = t;
    const state = entry.stale || t > entry.freshUntil ? 'stale' : 'fresh';
    return { answer: entry.answer, state, tags: entry.tags };
  }

  /**
   * Keeps `answer` under `key` with the tags of what it showed; `since` is the mark its render
   * began at. Answers what was kept: fresh, stale (a change to what it showed came during its
   * render) or nothing (the change dropped it, or changes may be unheard).
   */
  set(
    key: string,
    answer: KeptAnswer,
    opts: { tags: readonly string[]; since: number; freshMs?: number; endsAt?: number },
  ): 'fresh' | 'stale' | 'refused' {
    if (!this.isTrusted) return 'refused';
    const last = this.lastChange(opts.tags);
    if (last.drop > opts.since) return 'refused';
    const stale = last.stale > opts.since;
    const previous = this.entries.peek(key);
    if (previous) this.unindex(key, previous);
    const t = this.now();
    const endsAt = opts.endsAt ?? Infinity;
    const freshUntil = Math.min(t + (opts.freshMs ?? this.freshMs), endsAt);
    const readAt = previous?.readAt ?? t;
    this.entries.set(key, { answer, tags: opts.tags, freshUntil, endsAt, stale, readAt });
    if (!this.entries.has(key)) return 'refused';
    for (const tag of opts.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return stale ? 'stale' : 'fresh';
  }

  /**
   * A change: answers that showed its `stale` tags turn stale, those that showed its `drop`
   * tags are dropped; `all` applies to every answer. Answers the keys now stale, most recently
   * read first (the order to refresh them in).
   */
  invalidate(change: CacheChange | { all: 'stale' | 'drop' }): string[] {
    const seq = ++this.seq;
    if ('all' in change) {
      this.all.stale = seq;
      if (change.all === 'drop') {
        this.all.drop = seq;
        this.clear();
        return [];
      }
      for (const entry of this.entries.values()) entry.stale = true;
      return this.staleKeys();
    }
    for (const tag of change.drop ?? []) {
      this.mark(tag, { stale: seq, drop: seq });
      for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
    }
    const touched = new Set<string>();
    for (const tag of change.stale) {
      this.mark(tag, { stale: seq, drop: this.marks.get(tag)?.drop ?? 0 });
      for (const key of this.byTag.get(tag) ?? []) {
        const entry = this.entries.peek(key);
        if (!entry) continue;
        entry.stale = true;
        touched.add(key);
      }
    }
    const readAt = (key: string) => this.entries.peek(key)?.readAt ?? 0;
    return [...touched].sort((a, b) => readAt(b) - readAt(a));
  }

  /** Every stale key, most recently read first (the order to refresh them in). */
  staleKeys(): string[] {
    const stale: [string, number][] = [];
    for (const [key, entry] of this.entries.entries())
      if (entry.stale) stale.push([key, entry.readAt]);
    return stale.sort((a, b) => b[1] - a[1]).map(([key]) => key);
  }

  /** Forgets one kept answer (its page is gone or moved). */
  delete(key: string) {
    this.entries.delete(key);
  }

  /** When a reader last asked for `key`, or undefined when it is not kept. */
  readAt(key: string): number | undefined {
    return this.entries.peek(key)?.readAt;
  }

  /** The keys kept with any of `tags` (the addresses a front cache should purge). */
  keysTagged(tags: readonly string[]): string[] {
    const keys = new Set<string>();
    for (const tag of tags) for (const key of this.byTag.get(tag) ?? []) keys.add(key);
    return [...keys];
  }

  /**
   * Changes may go unheard (the listening connection is down): nothing kept is fresh any more,
   * but it is still served stale (readers keep their pages while the database is away), and
   * nothing new is kept until `trust()`.
   */
  distrust() {
    this.isTrusted = false;
    this.all.stale = ++this.seq;
    for (const entry of this.entries.values()) entry.stale = true;
  }

  /** Changes are heard again: what was kept may have missed some, so it is dropped, once. */
  trust() {
    if (this.isTrusted) return;
    this.all.stale = this.all.drop = ++this.seq;
    this.clear();
    this.isTrusted = true;
  }

  get trusted() {
    return this.isTrusted;
  }

  clear() {
    this.entries.clear();
    this.byTag.clear();
  }

  get size() {
    return this.entries.size;
  }

  /** Bytes the kept answers take. */
  get bytes() {
    return this.entries.calculatedSize;
  }
}

export const createPageStore = (options: PageStoreOptions) => new PageStore(options);
