/*
 * The tests' S3 server (s3rver, patched: patches/s3rver+3.7.1.patch) is read-after-write
 * consistent, as S3 is: a GET right after a PUT over an object answers the new object whole.
 * Unpatched, s3rver answered the PUT before the file was on disk and wrote over the old one in
 * place, so a GET at once could read part of it or nothing (CI failed once on that, in
 * tests/integration/server/s3-media-tools.test.ts, "Input Buffer is empty").
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../setup/s3-server';

let s3: TestS3;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3('read-after-write');
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/**
 * Makes every large file write in this process (an object's data, not s3rver's small metadata
 * files) finish 50 ms late, as a busy disk does; s3rver runs in the test's own process. A server
 * that answers a PUT before its data is written is then caught every time, not once in many CI
 * runs.
 */
function slowDataWrites(): () => void {
  const { write, writev } = fs;
  const size = (data: unknown) =>
    Array.isArray(data)
      ? data.reduce((sum: number, b: Buffer) => sum + b.length, 0)
      : (data as Buffer).length;
  const late =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      const done = args.pop() as (...results: unknown[]) => void;
      const wait = size(args[1]) > 4096 ? 50 : 0;
      original(...args, (...results: unknown[]) => setTimeout(() => done(...results), wait));
    };
  Object.assign(fs, {
    write: late(write as (...args: unknown[]) => void),
    writev: late(writev as (...args: unknown[]) => void),
  });
  return () => Object.assign(fs, { write, writev });
}

it('a GET right after a PUT over an object reads the new object whole, every time', async () => {
  const restore = slowDataWrites();
  try {
    await putAndReadBack();
  } finally {
    restore();
  }
});

async function putAndReadBack() {
  const key = 'media/2026/11/overwritten/original.jpg';
  for (let round = 0; round < 6; round++) {
    // Sizes that change each round, each more than one write to the disk.
    const body = randomBytes(100_000 + round * 37_001);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    const read = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    const bytes = Buffer.from(await read.Body!.transformToByteArray());
    expect(bytes.length, `round ${round}`).toBe(body.length);
    expect(bytes.equals(body), `round ${round}`).toBe(true);
  }
}
