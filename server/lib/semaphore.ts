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
