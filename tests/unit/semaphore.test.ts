import { describe, expect, it } from 'vitest';
import { createSemaphore } from '../../server/lib/semaphore';

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, all of them in the end, in order', async () => {
    const gate = createSemaphore(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) =>
      gate.run(async () => {
        started.push(n);
        now += 1;
        most = Math.max(most, now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now -= 1;
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(task));
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = createSemaphore(1);
    await expect(gate.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow();
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
