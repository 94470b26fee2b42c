import { describe, expect, it } from 'vitest';
import {
  createKeyedLimit,
  createKeyedSemaphore,
  createSemaphore,
} from '../../server/lib/semaphore';

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

describe('createKeyedSemaphore', () => {
  it('runs one key’s tasks one at a time beside another key’s, and forgets idle keys', async () => {
    const gate = createKeyedSemaphore(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = gate.run('a', async () => {
      order.push('a1');
      await held;
    });
    const second = gate.run('a', async () => {
      order.push('a2');
    });
    await gate.run('b', async () => {
      order.push('b1');
    });
    expect(order).toEqual(['a1', 'b1']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['a1', 'b1', 'a2']);
    expect(gate.size).toBe(0);
  });
});

describe('createKeyedLimit', () => {
  it('refuses a key past its limit, not others, until one is released (once)', () => {
    const limit = createKeyedLimit(2);
    const one = limit.take('a');
    const two = limit.take('a');
    expect(one && two).toBeTruthy();
    expect(limit.take('a')).toBeUndefined();
    expect(limit.take('b')).toBeDefined();
    one?.();
    one?.();
    const three = limit.take('a');
    expect(three).toBeDefined();
    expect(limit.take('a')).toBeUndefined();
    two?.();
    three?.();
    expect(limit.size).toBe(1);
  });
});
