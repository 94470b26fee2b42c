/*
 * Media on S3-compatible object storage (issue 28 item 1, DECISIONS.md §20), against a real
 * S3 server (s3rver) started here: two processes on one database, each with its own data
 * folder; an upload through one is stored in the bucket (original and variants, nothing on the
 * local disk) and served by the other with the same bytes; a removed upload's objects leave
 * the bucket; a backup carries the bucket's objects.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { copyBucket } from '../../../server/modules/archive/backup';
import { createAdmin, upload, type TestUser } from '../../factories';
import { startS3, type TestS3 } from '../../setup/s3-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let s3: TestS3;
let t: TestApp;
let other: FastifyInstance;
let otherDir: string;
let admin: TestUser;
let client: S3Client;

const keysInBucket = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map(
    (o) => o.Key!,
  );

beforeAll(async () => {
  s3 = await startS3();
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
  t = await createTestApp(s3.env);
  otherDir = mkdtempSync(join(tmpdir(), 'patrika-s3-other-'));
  other = await buildApp(
    loadConfig({ DATA_DIR: otherDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', ...s3.env }),
    { database: t.database, web: false },
  );
  await other.ready();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await s3?.close();
  rmSync(otherDir, { recursive: true, force: true });
});

describe('MEDIA_STORAGE=s3', () => {
  it('keeps an upload in the bucket, and another process serves the same bytes', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#1e6bb3' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(t.app, admin, photo, 'river.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const url = (res.json() as { secure_url: string }).secure_url;
    const key = url.replace(/^\/media\//, '');
    const keys = await keysInBucket();
    expect(keys).toContain(key);
    // Its variants too, under the same folder.
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    expect(keys.filter((k) => k.startsWith(folder) && k.endsWith('.webp')).length).toBeGreaterThan(
      0,
    );
    // Nothing of it on either process's disk.
    expect(
      existsSync(join(t.config.dataDir, 'media'))
        ? readdirSync(join(t.config.dataDir, 'media'), { recursive: true }).filter((f) =>
            String(f).endsWith('.jpg'),
          )
        : [],
    ).toEqual([]);

    const here = await t.app.inject({ url });
    const there = await other.inject({ url });
    expect(here.statusCode).toBe(200);
    expect(there.statusCode).toBe(200);
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    expect(there.headers['content-type']).toBe('image/jpeg');
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(here.rawPayload)).toBe(
      true,
    );
    // A validator and 304, as from the folder.
    const again = await other.inject({
      url,
      headers: { 'if-none-match': there.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // A key the bucket does not hold is 404, not an error.
    expect(
      (await other.inject({ url: url.replace(/original\.jpg$/, 'w9999.webp') })).statusCode,
    ).toBe(404);
  });

  it('an export (npm run export) carries the upload’s files from the bucket', async () => {
    const path = join(otherDir, 'site.jsonl.gz');
    const counts = await other.services.archive.exportToFile(path);
    const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n').filter(Boolean);
    const files = lines
      .map((l) => JSON.parse(l) as { file?: string })
      .filter((l) => typeof l.file === 'string')
      .map((l) => l.file);
    const keys = await keysInBucket();
    expect(files.sort()).toEqual([...keys].sort());
    expect(Object.values(counts).some((n) => n > 0)).toBe(true);
  });

  it('a backup copies every object of the bucket into its media tree', async () => {
    const staging = mkdtempSync(join(tmpdir(), 'patrika-s3-backup-'));
    try {
      const files = await copyBucket(t.config.s3!, staging, () => {});
      const keys = await keysInBucket();
      expect(keys.length).toBeGreaterThan(0);
      expect(files).toBe(keys.length);
      for (const key of keys) expect(existsSync(join(staging, 'media', key))).toBe(true);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  });
});
