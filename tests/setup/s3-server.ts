/*
 * A real S3-compatible server for the tests (DECISIONS.md §20): s3rver from npm, on a free port,
 * keeping its objects in a temporary folder, with one bucket. It checks request signatures
 * against its own fixed key pair, which the tests give the AWS SDK through the standard
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY variables. Patched to be read-after-write consistent, as
 * S3 is (patches/s3rver+3.7.1.patch, docs/decisions/065).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './spawn-server';

/** s3rver's own credentials (its documented defaults). */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings a Patrika process needs to keep its media there. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'patrika-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'patrika-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  process.env.AWS_ACCESS_KEY_ID ??= S3RVER_KEY;
  process.env.AWS_SECRET_ACCESS_KEY ??= S3RVER_KEY;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
