/*
 * `npm run media:prune`: uploads no article and no setting uses, past a safety age, are found
 * and removed with all their files; everything in use, drafts included, stays.
 */
import { CROP_RATIOS } from '../../../common/articles';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client';
import { media } from '../../../db/schema/media';
import {
  findUnusedMedia,
  removeUnusedMedia,
  type UnusedMedia,
} from '../../../server/modules/media/media-prune';
import { createMediaService } from '../../../server/modules/media/media-service';
import {
  createDbStorage,
  createFsStorage,
  mediaRoot,
  type MediaStorage,
} from '../../../server/modules/media/media-storage';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  testImage,
  updateArticle,
  upload,
  type TestUser,
} from '../../factories';
import { ROOT } from '../../../scripts/build-state';
import { migratedDataDir, operatorCommand } from '../../setup/spawn-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { testEngine } from '../../setup/test-db';
import { shiftedClock } from '../../setup/clock';

const DAY_MS = 24 * 3600 * 1000;

interface Stored {
  _id: string;
  secure_url: string;
  variants: { width: number; url: string }[];
}

describe.each(['fs', 'db'] as const)('unused media (MEDIA_STORAGE=%s)', (storage) => {
  const time = shiftedClock();
  const clock = time.clock;
  let t: TestApp;
  let admin: TestUser;
  let categoryId: string;
  /** The same storage the app uses. */
  let files: MediaStorage;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_STORAGE: storage }, { clock });
    files =
      storage === 'db'
        ? createDbStorage(t.database.db)
        : createFsStorage(mediaRoot(t.config.dataDir));
    admin = await createAdmin(t.app);
    categoryId = (await createCategory(t.app, admin))._id;
  });
  afterAll(async () => t.close());

  /** An upload made `daysAgo` days ago. */
  const uploadAged = async (daysAgo: number): Promise<Stored> => {
    time.shift(-daysAgo * DAY_MS);
    try {
      const res = await upload(t.app, admin, await testImage(900, 500));
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Stored;
    } finally {
      time.shift(0);
    }
  };
  const filesOf = (m: Stored) => [m.secure_url, ...m.variants.map((v) => v.url)];
  const served = async (url: string) => (await t.app.inject({ url })).statusCode;
  const unusedNow = () =>
    findUnusedMedia(t.database.db, { uploadedBefore: new Date(Date.now() - 30 * DAY_MS) });

  it('finds only old uploads nothing uses, and removes each with all its files', async () => {
    const cover = await uploadAged(40);
    const inline = await uploadAged(40);
    const inDraft = await uploadAged(40);
    const header = await uploadAged(40);
    const orphaned = await uploadAged(40);
    const fresh = await uploadAged(1);
    expect(orphaned.variants.length).toBeGreaterThan(0);

    await createArticle(t.app, admin, categoryId, { imageUrl: cover.secure_url });
    // A variant, inside a body.
    await createArticle(t.app, admin, categoryId, {
      description: `<p>Text</p><p><img src="${inline.variants[0]?.url}" alt="x"></p>`,
    });
    await createArticle(t.app, admin, categoryId, {
      status: 'draft',
      description: `<p><img src="${inDraft.secure_url}" alt="y"></p>`,
    });
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: { headerImageUrl: header.secure_url },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // Used once, by an article since deleted.
    const gone = await createArticle(t.app, admin, categoryId, { imageUrl: orphaned.secure_url });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${gone._id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);

    const unused = await unusedNow();
    expect(unused.map((m) => m.id)).toEqual([orphaned._id]);
    const [item] = unused as [UnusedMedia];
    // The original, its WebP and AVIF variants (the same widths) and its crops (one per
    // CROP_RATIOS).
    expect(item.keys).toHaveLength(1 + 2 * orphaned.variants.length + CROP_RATIOS.length);
    expect(item.keys.filter((k) => k.endsWith('.avif'))).toHaveLength(orphaned.variants.length);

    expect(await removeUnusedMedia(t.database.db, files, item)).toBe(true);
    for (const url of filesOf(orphaned)) expect(await served(url), url).toBe(404);
    expect(await t.database.db.select().from(media).where(eq(media.id, orphaned._id))).toEqual([]);
    for (const m of [cover, inline, inDraft, header, fresh])
      for (const url of filesOf(m)) expect(await served(url), url).toBe(200);
    expect(await unusedNow()).toEqual([]);
  });

  it('keeps an upload that came into use after the scan', async () => {
    const late = await uploadAged(60);
    const [item] = (await unusedNow()).filter((m) => m.id === late._id);
    expect(item).toBeDefined();
    await createArticle(t.app, admin, categoryId, { imageUrl: late.secure_url });

    expect(await removeUnusedMedia(t.database.db, files, item!)).toBe(false);
    for (const url of filesOf(late)) expect(await served(url), url).toBe(200);
    expect(await t.database.db.select().from(media).where(eq(media.id, late._id))).toHaveLength(1);
  });

  it('keeps what a live entry, a person’s photo, an earlier version or an autosave uses (issue 44 item 5)', async () => {
    const [inEntry, photo, former, autosaved] = [
      await uploadAged(40),
      await uploadAged(40),
      await uploadAged(40),
      await uploadAged(40),
    ];
    const blog = await createArticle(t.app, admin, categoryId, { liveBlog: true });
    const entry = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${blog._id}/live`,
      headers: auth(admin),
      payload: { body: `<p><img src="${inEntry.variants[0]?.url}" alt="x"></p>` },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(admin),
      payload: { photoUrl: photo.secure_url },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const article = await createArticle(t.app, admin, categoryId, { imageUrl: former.secure_url });
    const replaced = await updateArticle(t.app, admin, article, {
      imageUrl: 'https://images.example.com/elsewhere.jpg',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const autosave = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${article._id}/autosave`,
      headers: auth(admin),
      payload: {
        name: article.name,
        description: `<p><img src="${autosaved.secure_url}" alt="y"></p>`,
        category: categoryId,
        basedOn: replaced.json().updatedAt,
      },
    });
    expect(autosave.statusCode, autosave.body).toBe(200);

    const unused = new Set((await unusedNow()).map((m) => m.id));
    for (const kept of [inEntry, photo, former, autosaved]) {
      expect(unused.has(kept._id), kept.secure_url).toBe(false);
      // The delete's own guard refuses it too, even when asked directly.
      const folder = kept.secure_url.replace(/^\/media\//, '').replace(/\/[^/]+$/, '');
      const item = { id: kept._id, folder, keys: [], bytes: 0, createdAt: new Date() };
      expect(await removeUnusedMedia(t.database.db, files, item)).toBe(false);
      for (const url of filesOf(kept)) expect(await served(url), url).toBe(200);
    }
  });
});

// The command runs on an embedded site whatever the run's engine, so it runs once: in the PGlite
// stage (the PostgreSQL stage would run the same thing again; docs/testing.md).
describe.skipIf(testEngine() === 'postgres')('npm run media:prune', () => {
  const run = promisify(execFile);
  const prune = (args: string[], env: Record<string, string | undefined>) =>
    run(process.execPath, operatorCommand('media-prune', ...args), {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('refuses bad options with a clear message and touches nothing', async () => {
    for (const args of [['--days', '0'], ['--days', 'soon'], ['--remove']]) {
      const res = await prune(args, { DATA_DIR: '/nonexistent/never-opened' });
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toMatch(/usage: npm run media:prune -- \[--days N\] \[--delete\]/);
    }
  });

  // Four runs of the script, each compiling the server's sources (tsx) and opening the site: one
  // took 40 s while the browser tests ran beside this file on a 2-core machine.
  it('lists without --delete, removes with it, on an embedded site', async () => {
    const dataDir = await migratedDataDir();
    try {
      // An upload of 40 days ago that nothing uses, stored as the server would.
      const database = await openDatabase({ databaseUrl: undefined, dataDir });
      let stored;
      try {
        const service = createMediaService({
          db: database.db,
          storage: createFsStorage(mediaRoot(dataDir)),
          clock: { now: () => new Date(Date.now() - 40 * DAY_MS) },
        });
        stored = await service.storeImage(await testImage(500, 300));
      } finally {
        await database.close();
      }
      const folder = stored.url.replace(/^\/media\//, '').replace(/\/[^/]+$/, '');
      const env = { DATA_DIR: dataDir, DATABASE_URL: undefined };

      const listed = await prune([], env);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(folder);
      expect(listed.stdout).toMatch(/1 unused uploads older than 30 days .*Nothing was removed/);
      expect(existsSync(join(mediaRoot(dataDir), stored.url.replace(/^\/media\//, '')))).toBe(true);

      const kept = await prune(['--days', '41'], env);
      expect(kept.stdout).toMatch(/no unused uploads older than 41 days/);

      const removed = await prune(['--delete'], env);
      expect(removed.code, removed.stderr).toBe(0);
      expect(removed.stdout).toMatch(/removed 1 unused uploads older than 30 days\./);
      expect(existsSync(join(mediaRoot(dataDir), stored.url.replace(/^\/media\//, '')))).toBe(
        false,
      );
      for (const v of stored.variants)
        expect(existsSync(join(mediaRoot(dataDir), v.url.replace(/^\/media\//, '')))).toBe(false);

      expect((await prune([], env)).stdout).toMatch(/no unused uploads older than 30 days/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 360_000);
});
