/*
 * `npm run media:migrate` (issue 28 item 1) against a real S3 server (s3rver): a folder site's
 * uploads and e-paper files (issue 67: a processed page's PDF, views, thumbnail, tiles and
 * hOCR, a reader's clip, pages not processed yet with only their PDF, one with a view its
 * stage wrote before it was cut short) are copied to the bucket, served from there by a
 * MEDIA_STORAGE=s3 process with the same bytes, and copied back into an empty folder, which
 * then holds every file the first one did; a second run finds everything there; a file missing
 * from the source is named and fails the run; --remove-source empties only what was copied and
 * checked. The script itself runs once as the operator would.
 */
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPAPER_PUBLIC_KEY_PATTERN, epaperKeys } from '../../../common/epaper';
import { epaperFiles, epaperPages } from '../../../db/schema/epaper';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { STORED_FILES } from '../../../server/modules/archive/stored-files';
import { migrateMedia } from '../../../server/modules/media/media-migrate';
import {
  createFsStorage,
  createS3Storage,
  MEDIA_KEY_PATTERN,
  mediaRoot,
  TEMP_SUFFIX,
} from '../../../server/modules/media/media-storage';
import { ROOT } from '../../../scripts/build-state';
import { operatorCommand } from '../../setup/spawn-server';
import { auth, createAdmin, createUser, someAddress, upload, type TestUser } from '../../factories';
import {
  createCityEdition,
  createEpaperIssue,
  epaperFixture,
  sendPages,
} from '../../factories/epaper';
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
  // No jobs: the pages left unprocessed stay so while the runs are compared.
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', ...env }),
    { database: t.database, web: false, pollJobs: false },
  );
  await app.ready();
  apps.push(app);
  return { app, dataDir };
}

/** Every file in a media folder by its key, in order: what a site on that folder holds. */
const filesIn = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();

/** What the first site holds: its uploads' files and its e-paper's, before any run. */
const allKeys = () => filesIn(mediaRoot(t.config.dataDir));
/** The keys readers fetch under /media/ (an e-paper page's PDF and hOCR stay on the server). */
const servedKeys = (keys: string[]) =>
  keys.filter((k) => MEDIA_KEY_PATTERN.test(k) || EPAPER_PUBLIC_KEY_PATTERN.test(k));
const bucketOf = () => createS3Storage(loadConfig({ ...s3.env, DATA_DIR: '/tmp/x' }).s3!);

/**
 * The e-paper's files: an issue's page processed whole (views, tiles, OCR) and a reader's clip
 * of it; another issue's three pages not processed (their PDFs only), one with a view its
 * stage stored before it was cut short (the row does not say it is done).
 */
async function epaperFilesOn(admin: TestUser) {
  const editor = await createUser(t.app, 'editor');
  const city = await createCityEdition(t.app, admin);
  const issue = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-29' });
  const sent = await sendPages(t.app, editor, issue._id, [
    { filename: 'page-1.pdf', data: epaperFixture('one-page.pdf') },
  ]);
  expect(sent.statusCode, sent.body).toBe(201);
  const [page] = await t.database.db
    .select()
    .from(epaperPages)
    .where(eq(epaperPages.issueId, issue._id));
  const { processing } = t.app.services.epaper;
  expect(await processing.runNow('views', page!.fileId)).toBe('done');
  expect(await processing.runNow('ocr', page!.fileId)).toBe('done');
  const published = await t.app.inject({
    method: 'PUT',
    url: `/api/epaper/issues/${issue._id}`,
    headers: auth(editor),
    payload: { status: 'published' },
  });
  expect(published.statusCode, published.body).toBe(200);
  const clip = await t.app.inject({
    method: 'POST',
    url: '/api/epaper/clips',
    payload: { pageId: page!.id, box: { x: 0, y: 0, w: 1, h: 0.4 } },
    remoteAddress: someAddress(),
  });
  expect(clip.statusCode, clip.body).toBe(201);
  const later = await createEpaperIssue(t.app, editor, { edition: city.slug, date: '2026-11-30' });
  const three = await sendPages(t.app, editor, later._id, [
    { filename: 'pages.pdf', data: epaperFixture('three-pages.pdf') },
  ]);
  expect(three.statusCode, three.body).toBe(201);
  const [cut] = await t.database.db
    .select({ hash: epaperFiles.hash })
    .from(epaperPages)
    .innerJoin(epaperFiles, eq(epaperFiles.id, epaperPages.fileId))
    .where(eq(epaperPages.issueId, later._id));
  const folder = createFsStorage(mediaRoot(t.config.dataDir));
  await folder.put(epaperKeys(cut!.hash).webp, await photo('#777777'), 'image/webp');
}

beforeAll(async () => {
  s3 = await startS3('patrika-migrate');
  t = await createTestApp({}, { pollJobs: false });
  const admin = await createAdmin(t.app);
  for (const colour of ['#aa2200', '#2255aa', '#22aa55'])
    expect((await upload(t.app, admin, await photo(colour))).statusCode).toBe(201);
  await epaperFilesOn(admin);
}, 300_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await t?.close();
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('media:migrate', () => {
  it('copies a folder site to the bucket, where another process serves every file the same', async () => {
    const keys = allKeys();
    expect(keys.length).toBeGreaterThan(9);
    // The e-paper's: a processed page's PDF, views, tiles and hOCR, a clip, the other PDFs.
    const epaper = keys.filter((k) => k.startsWith('epaper/'));
    expect(epaper.filter((k) => k.endsWith('/page.pdf'))).toHaveLength(4);
    expect(epaper.filter((k) => k.endsWith('/page.hocr'))).toHaveLength(1);
    expect(epaper.filter((k) => k.endsWith('/view.webp'))).toHaveLength(2);
    expect(epaper.filter((k) => k.includes('/tiles_files/')).length).toBeGreaterThan(20);
    expect(epaper.filter((k) => k.startsWith('epaper/clips/'))).toHaveLength(1);
    const folder = createFsStorage(mediaRoot(t.config.dataDir));
    const bucket = bucketOf();
    const report = await migrateMedia(t.database.db, folder, bucket, STORED_FILES);
    expect(report).toEqual({
      copied: keys.length,
      alreadyThere: 0,
      missing: [],
      failed: [],
      removed: 0,
    });
    for (const key of keys)
      expect((await bucket.get(key))?.data.equals((await folder.get(key))!.data), key).toBe(true);

    const there = await processWith(s3.env);
    for (const key of servedKeys(keys)) {
      const here = await t.app.inject({ url: `/media/${key}` });
      const served = await there.app.inject({ url: `/media/${key}` });
      expect(served.statusCode, key).toBe(200);
      expect(served.rawPayload.equals(here.rawPayload), key).toBe(true);
    }
    // Run again: nothing to do.
    expect(await migrateMedia(t.database.db, folder, bucket, STORED_FILES)).toMatchObject({
      copied: 0,
      alreadyThere: keys.length,
    });
  });

  it('copies the bucket back into an empty folder, which then holds every file and serves them', async () => {
    const keys = allKeys();
    const back = await processWith({});
    const report = await migrateMedia(
      t.database.db,
      bucketOf(),
      createFsStorage(mediaRoot(back.dataDir)),
      STORED_FILES,
    );
    expect(report.copied).toBe(keys.length);
    expect(filesIn(mediaRoot(back.dataDir))).toEqual(keys);
    for (const key of servedKeys(keys))
      expect((await back.app.inject({ url: `/media/${key}` })).statusCode, key).toBe(200);
  });

  it('names a file missing from the source, and --remove-source removes only checked copies', async () => {
    const keys = allKeys();
    // An upload's file and a tile of the processed page, gone from the bucket.
    const gone = [keys[1]!, keys.find((k) => k.includes('/tiles_files/'))!];
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    for (const key of gone)
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    const bucket = bucketOf();
    const target = mkdtempSync(join(tmpdir(), 'patrika-migrate-target-'));
    dirs.push(target);
    const folder = createFsStorage(target);
    const report = await migrateMedia(t.database.db, bucket, folder, STORED_FILES, {
      removeSource: true,
    });
    expect(report.missing).toEqual(gone);
    expect(report.copied).toBe(keys.length - gone.length);
    expect(report.removed).toBe(keys.length - gone.length);
    for (const key of keys) expect(await bucket.get(key), key).toBeUndefined();
    expect(filesIn(target)).toEqual(keys.filter((k) => !gone.includes(k)));
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
