/*
 * The folder storage's writes (server/modules/media/media-storage.ts): a reader never sees half
 * a file, and two writes of one key at once (two workers making the same upload's variants)
 * both land instead of the second failing on a temporary file the first renamed away.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createFsStorage } from '../../server/modules/media/media-storage';

const root = mkdtempSync(join(tmpdir(), 'patrika-fs-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('two writes of one key at once both succeed, and the file is one of them whole', async () => {
  const storage = createFsStorage(root);
  const key = '2026/11/0b6f1e62-9a57-4c1e-8d1e-2f4f0c1d2e3a/w400.avif';
  const first = Buffer.alloc(200_000, 1);
  const second = Buffer.alloc(200_000, 2);
  for (let round = 0; round < 10; round++) {
    const outcomes = await Promise.allSettled([
      storage.put(key, first, 'image/avif'),
      storage.put(key, second, 'image/avif'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const stored = (await storage.get(key))!.data;
    expect(stored.equals(first) || stored.equals(second)).toBe(true);
  }
  // Nothing half-written is left beside it.
  expect(readdirSync(join(root, '2026/11/0b6f1e62-9a57-4c1e-8d1e-2f4f0c1d2e3a'))).toEqual([
    'w400.avif',
  ]);
});
