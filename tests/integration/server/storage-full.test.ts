/*
 * Disks fill up (issue 24 item 4). An upload to a full media disk answers 507 naming the
 * storage, leaves no half-written or partial file, is counted in /metrics, and the uploads
 * before it stay whole. The full disk is real: a small tmpfs mounted on the media folder, which
 * needs root (as CI runs); elsewhere that part is skipped with the reason. A start removes
 * half-written files older than an hour, and only those.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../../db/schema/media';
import { MEDIA_STORAGE_FULL } from '../../../server/modules/media/media-storage';
import { createAdmin, upload, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

/** Whether this process may mount a tmpfs (root on Linux): tried once on a scratch folder. */
function canMountTmpfs(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'patrika-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** A photo that does not compress: random pixels, about 300 KB as JPEG. */
const noisyPhoto = () =>
  sharp(randomBytes(640 * 480 * 3), { raw: { width: 640, height: 480, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

const mountable = canMountTmpfs();

describe.skipIf(!mountable)(
  `an upload to a full media disk${mountable ? '' : ' (skipped: mounting a tmpfs needs root)'}`,
  () => {
    let t: TestApp;
    let admin: TestUser;
    let dataDir: string;
    let mediaDir: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'patrika-full-'));
      mediaDir = join(dataDir, 'media');
      mkdirSync(mediaDir);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1536k,mode=0700', 'tmpfs', mediaDir]);
      t = await createTestApp({ DATA_DIR: dataDir, MEDIA_STORAGE: 'fs' }, { web: 'build' });
      admin = await createAdmin(t.app);
    });
    afterAll(async () => {
      await t?.close();
      try {
        execFileSync('umount', [mediaDir]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('answers 507 naming the storage, leaves no debris, keeps what was stored, and is counted', async () => {
      const stored: string[] = [];
      let refused: Awaited<ReturnType<typeof upload>> | undefined;
      for (let i = 0; i < 40 && !refused; i++) {
        const res = await upload(t.app, admin, await noisyPhoto());
        if (res.statusCode === 201) stored.push(res.json<{ url: string }>().url);
        else refused = res;
      }
      expect(stored.length, 'the disk takes some uploads before it is full').toBeGreaterThan(0);
      expect(refused?.statusCode, refused?.body).toBe(507);
      expect(refused!.json()).toEqual({ message: MEDIA_STORAGE_FULL, code: 'media.storage_full' });

      // No half-written file, and no file of the refused upload: each folder is a stored upload.
      const files = readdirSync(mediaDir, { recursive: true }) as string[];
      expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
      const rows = await t.database.db.select({ key: media.storageKey }).from(media);
      expect(rows.length).toBe(stored.length);
      const folders = new Set(rows.map((r) => r.key.split('/').slice(0, 3).join('/')));
      const originals = files.filter((f) => /\/original\.\w+$/.test(f));
      for (const f of originals)
        expect(folders.has(f.split('/').slice(0, 3).join('/')), f).toBe(true);
      // What was stored before is served whole.
      for (const url of stored) {
        const res = await t.app.inject({ url: new URL(url, 'http://x').pathname });
        expect(res.statusCode, url).toBe(200);
      }
      const metrics = (await t.app.inject({ url: '/metrics' })).body;
      expect(metrics).toMatch(/patrika_uploads_total\{status="507"\} [1-9]/);
    });
  },
);

describe('a start removes half-written files an hour old, and only those', () => {
  let t: TestApp | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-leftovers-'));
  const folder = join(dataDir, 'media', '2026', '01', '0b1c8a1e-5d1f-4a51-9a34-2f0c4d3e5a6b');
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes the old .tmp files and keeps fresh ones and real files', async () => {
    mkdirSync(folder, { recursive: true });
    const old = join(folder, 'original.jpg.4242.tmp');
    const fresh = join(folder, 'w640.webp.4243.tmp');
    const real = join(folder, 'original.jpg');
    for (const f of [old, fresh, real]) writeFileSync(f, 'bytes');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(real, twoHoursAgo, twoHoursAgo);
    t = await createTestApp({ DATA_DIR: dataDir, MEDIA_STORAGE: 'fs' });
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(real)).toBe(true);
  });
});
