/**
 * Stale kept answers waiting for their refresh in one process (page-cache.ts), in two queues: the
 * pages a change named first (its own page: docs/decisions/082), then every other, each in the
 * order asked. Only the second is capped: past `max` keys a key is not queued (it is asked
 * again when a reader meets it stale).
 */
export class RefreshQueue {
  private readonly soon = new Set<string>();
  private readonly later = new Set<string>();

  constructor(private readonly max: number) {}

  /** Queues `key` (`first`: ahead of every key not asked for first); whether it is queued. */
  add(key: string, first = false): boolean {
    if (this.soon.has(key)) return true;
    if (first) {
      this.later.delete(key);
      this.soon.add(key);
      return true;
    }
    if (this.later.has(key)) return true;
    if (this.later.size >= this.max) return false;
    this.later.add(key);
    return true;
  }

  /** The next key to refresh, taken out of the queue. */
  next(): string | undefined {
    const from = this.soon.size > 0 ? this.soon : this.later;
    const key = from.values().next().value;
    if (key !== undefined) from.delete(key);
    return key;
  }
}
