/**
 * At most `limit` tasks of one kind run at once in this process; the rest wait their turn in
 * order. For work whose cost is memory and cores of this machine (decoding images), not for
 * anything another process needs to see.
 */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The next in line takes this slot over; `running` stays counted for it.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/**
 * At most `limit` tasks at once for each key (a person), each key's turn apart from the others';
 * a key with nothing running or waiting is forgotten. Like createSemaphore, for this process's
 * own machine.
 */
export function createKeyedSemaphore(limit: number) {
  const byKey = new Map<string, { semaphore: ReturnType<typeof createSemaphore>; users: number }>();
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { semaphore: createSemaphore(limit), users: 0 }));
      entry.users += 1;
      try {
        return await entry.semaphore.run(task);
      } finally {
        entry.users -= 1;
        if (entry.users === 0) byKey.delete(key);
      }
    },
    /** Keys with a task running or waiting. */
    get size() {
      return byKey.size;
    },
  };
}

/**
 * At most `limit` held at once for each key, refused past it rather than queued: `take` answers
 * the release (safe to call more than once), or undefined when the key has no room.
 */
export function createKeyedLimit(limit: number) {
  const held = new Map<string, number>();
  return {
    take(key: string): (() => void) | undefined {
      const n = held.get(key) ?? 0;
      if (n >= limit) return undefined;
      held.set(key, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    /** Keys holding anything. */
    get size() {
      return held.size;
    },
  };
}
