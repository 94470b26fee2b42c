/*
 * `npm run media:migrate` (issue 28 item 1) against a real S3 server (s3rver): a folder site's
 * uploads are copied to the bucket, served from there by a MEDIA_STORAGE=s3 process with the
 * same bytes, and copied back into an empty folder; a second run finds everything there; a file
 * missing from the source is named and fails the run; --remove-source empties only what was
 * copied and checked. The script itself runs once as the operator would.
 */
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { migrateMedia } from '../../../server/modules/media/media-migrate';
import { listMediaKeysAfter } from '../../../server/modules/media/media-repository';
import {
  createFsStorage,
  createS3Storage,
  mediaRoot,
} from '../../../server/modules/media/media-storage';
import { ROOT } from '../../../scripts/build-state';
import { operatorCommand } from '../../setup/spawn-server';
import { createAdmin, upload } from '../../factories';
import { startS3, type TestS3 } from '../../setup/s3-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { testEngine } from '../../setup/test-db';

let s3: TestS3;
let t: TestApp;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

const photo = (background: string) =>
  sharp({ create: { width: 1000, height: 700, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Another process on the same database with its media in `env`'s storage. */
async function processWith(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-migrate-'));
  dirs.push(dataDir);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', ...env }),
    { database: t.database, web: false },
  );
  await app.ready();
  apps.push(app);
  return { app, dataDir };
}

async function allKeys() {
  return (await listMediaKeysAfter(t.database.db, null, 1000)).flatMap((u) => u.keys);
}

beforeAll(async () => {
  s3 = await startS3('patrika-migrate');
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  for (const colour of ['#aa2200', '#2255aa', '#22aa55'])
    expect((await upload(t.app, admin, await photo(colour))).statusCode).toBe(201);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('media:migrate', () => {
  it('copies a folder site to the bucket, where another process serves every file the same', async () => {
    const keys = await allKeys();
    expect(keys.length).toBeGreaterThan(9);
    const folder = createFsStorage(mediaRoot(t.config.dataDir));
    const bucket = createS3Storage(loadConfig({ ...s3.env, DATA_DIR: '/tmp/x' }).s3!);
    const report = await migrateMedia(t.database.db, folder, bucket);
    expect(report).toEqual({
      copied: keys.length,
      alreadyThere: 0,
      missing: [],
      failed: [],
      removed: 0,
    });

    const there = await processWith(s3.env);
    for (const key of keys) {
      const here = await t.app.inject({ url: `/media/${key}` });
      const served = await there.app.inject({ url: `/media/${key}` });
      expect(served.statusCode, key).toBe(200);
      expect(served.rawPayload.equals(here.rawPayload), key).toBe(true);
    }
    // Run again: nothing to do.
    expect(await migrateMedia(t.database.db, folder, bucket)).toMatchObject({
      copied: 0,
      alreadyThere: keys.length,
    });
  });

  it('copies the bucket back into an empty folder, which a folder process serves', async () => {
    const keys = await allKeys();
    const bucket = createS3Storage(loadConfig({ ...s3.env, DATA_DIR: '/tmp/x' }).s3!);
    const back = await processWith({});
    const report = await migrateMedia(
      t.database.db,
      bucket,
      createFsStorage(mediaRoot(back.dataDir)),
    );
    expect(report.copied).toBe(keys.length);
    for (const key of keys)
      expect((await back.app.inject({ url: `/media/${key}` })).statusCode, key).toBe(200);
  });

  it('names a file missing from the source, and --remove-source removes only checked copies', async () => {
    const keys = await allKeys();
    const gone = keys[1]!;
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: gone }));
    const bucket = createS3Storage(loadConfig({ ...s3.env, DATA_DIR: '/tmp/x' }).s3!);
    const target = mkdtempSync(join(tmpdir(), 'patrika-migrate-target-'));
    dirs.push(target);
    const folder = createFsStorage(target);
    const report = await migrateMedia(t.database.db, bucket, folder, { removeSource: true });
    expect(report.missing).toEqual([gone]);
    expect(report.copied).toBe(keys.length - 1);
    expect(report.removed).toBe(keys.length - 1);
    for (const key of keys) expect(await bucket.get(key), key).toBeUndefined();
    for (const key of keys.filter((k) => k !== gone))
      expect(await folder.get(key), key).toBeDefined();
  });

  // The script opens the site's database itself: the in-memory embedded one of the tests is
  // beyond its reach, so this runs on PostgreSQL.
  it.skipIf(testEngine() !== 'postgres')(
    'runs as the operator runs it: a summary, and exit 1 while a file is missing',
    async () => {
      const keys = await allKeys();
      // One file gone from the folder (the source): named, and the run fails.
      rmSync(join(mediaRoot(t.config.dataDir), keys[2]!));
      const run = await promisify(execFile)(
        process.execPath,
        operatorCommand('media-migrate', '--to', 's3'),
        {
          cwd: ROOT,
          env: {
            ...process.env,
            DATA_DIR: t.config.dataDir,
            ...(t.database.url ? { DATABASE_URL: t.database.url } : {}),
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_FORCE_PATH_STYLE: '1',
            LOG_LEVEL: 'silent',
            SEED_DEMO: '0',
          },
        },
      ).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(run.stdout + run.stderr).toMatch(/media from fs to s3: \d+ files copied/);
      expect(run.stdout).toContain(`missing in fs: ${keys[2]}`);
      expect(run.code).toBe(1);
      const usage = await promisify(execFile)(
        process.execPath,
        operatorCommand('media-migrate', '--to', 'ftp'),
        { cwd: ROOT, env: { ...process.env, DATA_DIR: t.config.dataDir } },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/--to must be fs, db or s3/);
    },
  );
});
