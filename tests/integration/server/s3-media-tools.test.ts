/*
 * The media tools on S3-compatible storage (issue 28 item 1), against a real S3 server (s3rver):
 * the upload's background AVIF job writes its variants to the bucket; `media:prune` removes an
 * unused upload's objects from it; `media:strip-metadata` rewrites an original in place there;
 * an archive exported from a folder site is imported into a bucket site, every file with it.
 */
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../../server/env';
import { createBackup } from '../../../server/modules/archive/backup';
import { restoreBackup } from '../../../server/modules/archive/backup-restore';
import { withDatabase } from '../../setup/global-db';
import { testEngine } from '../../setup/test-db';
import { findUnusedMedia, removeUnusedMedia } from '../../../server/modules/media/media-prune';
import { createS3Storage } from '../../../server/modules/media/media-storage';
import { createAdmin, sendUpload, upload, type TestUser } from '../../factories';
import { settleMediaJobs } from '../../setup/background-jobs';
import { startS3, type TestS3 } from '../../setup/s3-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let s3: TestS3;
let t: TestApp;
let admin: TestUser;
let client: S3Client;

const keysInBucket = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map(
    (o) => o.Key!,
  );

const photo = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  s3 = await startS3('patrika-tools');
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true });
  t = await createTestApp(s3.env);
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace(/^\/media\//, '');
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

describe('media tools with MEDIA_STORAGE=s3', () => {
  it('the upload’s background job writes its AVIF variants to the bucket', async () => {
    const res = await sendUpload(t.app, admin, await photo('#aa3300'), 'fort.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const folder = folderOf(keyOf(res.json<{ url: string }>().url));
    await settleMediaJobs(t.app);
    const avif = (await keysInBucket()).filter((k) => k.startsWith(folder) && k.endsWith('.avif'));
    expect(avif.length).toBeGreaterThan(0);
    for (const key of avif)
      expect((await t.app.inject({ url: `/media/${key}` })).statusCode).toBe(200);
  });

  it('media:prune removes an unused upload’s objects from the bucket, and only those', async () => {
    const kept = await upload(t.app, admin, await photo('#003366'), 'kept.jpg');
    const unused = await upload(t.app, admin, await photo('#336600'), 'unused.jpg');
    const keptFolder = folderOf(keyOf(kept.json<{ url: string }>().url));
    const unusedFolder = folderOf(keyOf(unused.json<{ url: string }>().url));
    // The kept one is on a published article.
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/categories/addCategory',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: 'Forts', description: 'Old walls.' },
    });
    const article = await t.app.inject({
      method: 'POST',
      url: '/api/articles/article',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {
        name: 'The fort at dawn',
        category: category.json<{ _id: string }>()._id,
        imageUrl: kept.json<{ url: string }>().url,
        description: '<p>Walls.</p>',
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    const storage = createS3Storage(t.config.s3!);
    const candidates = await findUnusedMedia(t.database.db, {
      uploadedBefore: new Date(Date.now() + 60_000),
    });
    const item = candidates.find((c) => `${c.folder}/` === unusedFolder);
    expect(item).toBeDefined();
    expect(candidates.some((c) => `${c.folder}/` === keptFolder)).toBe(false);
    expect(await removeUnusedMedia(t.database.db, storage, item!)).toBe(true);
    const keys = await keysInBucket();
    expect(keys.filter((k) => k.startsWith(unusedFolder))).toEqual([]);
    expect(keys.filter((k) => k.startsWith(keptFolder)).length).toBeGreaterThan(1);
  });

  it('media:strip-metadata rewrites an original with camera data in the bucket, in place', async () => {
    const res = await upload(t.app, admin, await photo('#663399'), 'camera.jpg');
    const key = keyOf(res.json<{ url: string }>().url);
    // An original stored before uploads were cleaned: the same picture with EXIF and GPS.
    const withExif = await sharp(await photo('#663399'))
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Leaky 1' }, IFD3: { GPSLatitudeRef: 'N' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    await client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: key,
        Body: withExif,
        ContentType: 'image/jpeg',
      }),
    );
    const { stripped } = await t.app.services.media.stripStoredMetadata();
    expect(stripped).toBeGreaterThanOrEqual(1);
    const served = await t.app.inject({ url: `/media/${key}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('an archive of a folder site, imported into a bucket site, brings every file into the bucket', async () => {
    const folderSite = await createTestApp();
    const dir = mkdtempSync(join(tmpdir(), 'patrika-s3-import-'));
    const bucketSite = await startS3('patrika-imported');
    try {
      const author = await createAdmin(folderSite.app);
      const res = await upload(folderSite.app, author, await photo('#884400'), 'moved.jpg');
      const key = keyOf(res.json<{ url: string }>().url);
      const path = join(dir, 'site.jsonl.gz');
      await folderSite.app.services.archive.exportToFile(path);
      const target = await createTestApp({ ...bucketSite.env, SEED_DEMO: '0' });
      try {
        await target.app.services.archive.importFrom(path);
        const listed = await new S3Client({
          region: 'us-east-1',
          endpoint: bucketSite.endpoint,
          forcePathStyle: true,
        }).send(new ListObjectsV2Command({ Bucket: bucketSite.bucket }));
        const keys = (listed.Contents ?? []).map((o) => o.Key!);
        expect(keys).toContain(key);
        const served = await target.app.inject({ url: `/media/${key}` });
        const original = await folderSite.app.inject({ url: `/media/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
      } finally {
        await target.close();
      }
    } finally {
      await folderSite.close();
      await bucketSite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(testEngine() !== 'postgres')(
    'a backup of a bucket site restores into an empty database and another bucket',
    async () => {
      const res = await upload(t.app, admin, await photo('#225588'), 'kept-safe.jpg');
      const key = keyOf(res.json<{ url: string }>().url);
      const dir = mkdtempSync(join(tmpdir(), 'patrika-s3-backup-'));
      const other = await startS3('patrika-restored');
      const admin0 = new pg.Client({ connectionString: withDatabase(t.database.url!, 'postgres') });
      await admin0.connect();
      const empty = `${new URL(t.database.url!).pathname.slice(1)}_s3restore`;
      await admin0.query(`CREATE DATABASE "${empty}"`);
      try {
        const file = join(dir, 'site.tar.gz');
        const manifest = await createBackup({ ...t.config, databaseUrl: t.database.url }, file);
        expect(manifest.media.files).toBeGreaterThan(0);
        const target = loadConfig({
          DATA_DIR: dir,
          DATABASE_URL: withDatabase(t.database.url!, empty),
          ...other.env,
        });
        const { counts } = await restoreBackup(target, file);
        expect(counts.mediaFiles).toBe(manifest.media.files);
        const restored = await new S3Client({
          region: 'us-east-1',
          endpoint: other.endpoint,
          forcePathStyle: true,
        }).send(new ListObjectsV2Command({ Bucket: other.bucket }));
        const keys = (restored.Contents ?? []).map((o) => o.Key!);
        expect(keys).toContain(key);
        expect(keys.sort()).toEqual((await keysInBucket()).sort());
      } finally {
        await admin0.query(`DROP DATABASE IF EXISTS "${empty}" WITH (FORCE)`);
        await admin0.end();
        await other.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
