/*
 * Values every render reads and few changes touch (the settings, the categories), kept in
 * memory by what they were made from, as pages are (page-store.ts): each kept value carries
 * the tags of what it shows (common/cache-tags.ts) and the page store's mark when its read
 * began; a change to any of those tags, in this process or another (the events, through the
 * page cache's `changed`), or a time when changes may go unheard, makes the next reader read
 * again. So a render reads the same rows it would have read from the database, without the
 * round trip, the query building and the validation on every uncached page
 * (docs/perf/uncached-render.md).
 */
import type { PageStore } from './page-store';

interface Kept {
  /** What it was made from; known once it is read when they depend on what was read. */
  tags: readonly string[] | undefined;
  /** The page store's mark when the read began. */
  since: number;
  value: Promise<unknown>;
}

/**
 * How many values one store keeps at most, unless told otherwise (the stories' store keeps
 * fewer, caching/content-caching.ts); past it, the one used longest ago goes (read again when
 * asked for).
 */
export const KEPT_VALUES_MAX = 2_000;

export class KeptValues {
  /** In order of use, the least recently used first. */
  private readonly entries = new Map<string, Kept>();

  constructor(
    private readonly store: Pick<PageStore, 'begin' | 'changedSince' | 'trusted'>,
    private readonly max = KEPT_VALUES_MAX,
  ) {}

  /**
   * The value kept under `key`, or `read()`'s, kept with `tags` (or the tags of what was read)
   * unless changes may go unheard. A read that fails is not kept. Callers share the value, so
   * it is frozen, all the way down.
   */
  get<T>(
    key: string,
    tags: readonly string[] | ((value: T) => readonly string[]),
    read: () => Promise<T>,
  ): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && !this.outdated(kept)) {
      // Used now: last to go.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value as Promise<T>;
    }
    const since = this.store.begin();
    const entry: Kept = {
      tags: typeof tags === 'function' ? undefined : tags,
      since,
      value: read(),
    };
    const value = entry.value.then((v) => {
      if (typeof tags === 'function') entry.tags = tags(v as T);
      return deepFreeze(v as T);
    });
    entry.value = value;
    if (!this.store.trusted) {
      this.entries.delete(key);
      return value;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /**
   * Whether a change may have come since `kept` was read. While its tags are not known yet
   * (being read), any change since its read began counts.
   */
  private outdated(kept: Kept): boolean {
    if (kept.tags) return this.store.changedSince(kept.tags, kept.since);
    return !this.store.trusted || this.store.begin() !== kept.since;
  }
}

/** Reads straight from the database every time: for a service made without a page cache. */
export const UNKEPT: Pick<KeptValues, 'get'> = {
  get: (_key, _tags, read) => read().then(deepFreeze),
};

/** `value` and everything in it made read-only: a value many renders share stays as read. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}
