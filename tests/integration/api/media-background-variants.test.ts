/*
 * Uploads that do not wait for AVIF (issue 24 item 5, docs/decisions/035): POST /api/media
 * answers once the clean original, its WebP variants and its crops are stored; the AVIF
 * variants are made by the `media-variants:<id>` job, and pages offer only what exists.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/jobs';
import { media } from '../../../db/schema/media';
import { createMediaService } from '../../../server/modules/media/media-service';
import type { MediaStorage } from '../../../server/modules/media/media-storage';
import { auth, createUser, sendUpload, testImage, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  // No polling: the test runs the due jobs itself, so it sees the upload before its job ran.
  t = await createTestApp({}, { pollJobs: false });
  author = await createUser(t.app, 'author');
});
afterAll(async () => t?.close());

const rowOf = async (id: string) => {
  const [row] = await t.app.services.database.db.select().from(media).where(eq(media.id, id));
  return row!;
};

/** Runs due jobs until the upload's AVIF variants are recorded (generous: the machine is shared). */
async function untilAvifMade(id: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await t.app.services.jobs.runDue();
    const row = await rowOf(id);
    if (row.avif !== null) return row;
    if (Date.now() > deadline) throw new Error(`the AVIF variants of ${id} were never made`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /api/media without waiting for AVIF', () => {
  it('answers with the original and WebP variants, then the job makes the AVIF ones', async () => {
    const res = await sendUpload(t.app, author, await testImage(2000, 1000), 'wide.png');
    expect(res.statusCode).toBe(201);
    const body = res.json<{
      _id: string;
      url: string;
      variants: { width: number; url: string }[];
    }>();
    // The answer's shape is as before (SPEC.md §7), and what it lists is stored.
    expect(Object.keys(body).sort()).toEqual(
      ['_id', 'height', 'secure_url', 'url', 'variants', 'width'].sort(),
    );
    expect(body.variants.map((v) => v.width)).toEqual([400, 800, 1200, 1600]);
    for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }

    // AVIF is not made yet: the row says so, a job is waiting, and pages offer WebP only.
    const before = await rowOf(body._id);
    expect(before.avif).toBeNull();
    expect(before.crops?.length).toBe(3);
    const [job] = await t.app.services.database.db
      .select({ kind: jobs.kind, subjectId: jobs.subjectId })
      .from(jobs)
      .where(eq(jobs.key, `media-variants:${body._id}`));
    expect(job).toEqual({ kind: 'media-variants', subjectId: body._id });
    const info = await t.app.services.media.imageForUrl(body.url);
    expect(info?.avif).toEqual([]);
    expect(info?.variants.map((v) => v.width)).toEqual([400, 800, 1200, 1600]);

    const after = await untilAvifMade(body._id);
    expect(after.avif?.map((v) => [v.width, v.height])).toEqual([
      [400, 200],
      [800, 400],
      [1200, 600],
      [1600, 800],
    ]);
    for (const v of after.avif!) {
      const file = await t.app.inject({ method: 'GET', url: `/media/${v.key}` });
      expect(file.statusCode, v.key).toBe(200);
      expect(file.headers['content-type']).toBe('image/avif');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(v.width);
    }
    expect((await t.app.services.media.imageForUrl(body.url))?.avif).toHaveLength(4);
    // Running it again changes nothing.
    expect(await t.app.services.media.makeVariantsOf(body._id)).toBe(false);
  });

  it('two workers making the AVIF of one upload at once (its job and the start-up backfill) leave every file it names', async () => {
    const res = await sendUpload(t.app, author, await testImage(900, 600), 'twice.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id } = res.json<{ _id: string }>();
    // Both workers write the upload's second AVIF file at the same moment, whatever the machine's
    // speed: the first to reach it waits for the other (or for the other to have finished).
    const files = t.app.services.media.storage;
    const avifKeys: string[] = [];
    let release: () => void = () => undefined;
    const met = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    const meeting: MediaStorage = {
      get: (key) => files.get(key),
      remove: (key) => files.remove(key),
      async put(key, data, type) {
        if (key.endsWith('.avif') && !avifKeys.includes(key)) avifKeys.push(key);
        if (key === avifKeys[1]) {
          if (++arrived === 2) release();
          await met;
        }
        await files.put(key, data, type);
      },
    };
    const worker = () =>
      createMediaService({
        db: t.app.services.database.db,
        storage: meeting,
        clock: t.app.services.clock,
      })
        .makeVariantsOf(id)
        .finally(release);
    expect(await Promise.all([worker(), worker()])).toEqual([true, true]);
    expect(arrived).toBe(2);
    const row = await rowOf(id);
    expect(row.avif?.length).toBeGreaterThan(1);
    for (const v of [...row.avif!, ...row.variants]) {
      const file = await t.app.inject({ method: 'GET', url: `/media/${v.key}` });
      expect(file.statusCode, v.key).toBe(200);
    }
  });

  it('removes the AVIF files of an upload deleted while its job made them', async () => {
    const res = await sendUpload(t.app, author, await testImage(900, 600), 'gone.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const { _id: id, url } = res.json<{ _id: string; url: string }>();
    const folder = url.replace(/^\/media\//, '').replace(/\/[^/]+$/, '');
    // A storage that deletes the upload the moment the job writes its first AVIF file: the
    // job's files come after the delete, whatever the machine's speed.
    const files = t.app.services.media.storage;
    const written: string[] = [];
    let deleted = false;
    const racing: MediaStorage = {
      get: (key) => files.get(key),
      remove: (key) => files.remove(key),
      async put(key, data, type) {
        if (key.endsWith('.avif') && !deleted) {
          deleted = true;
          const gone = await t.app.inject({
            method: 'DELETE',
            url: `/api/media/${id}`,
            headers: auth(author),
          });
          expect(gone.statusCode, gone.body).toBeLessThan(300);
        }
        written.push(key);
        await files.put(key, data, type);
      },
    };
    const media2 = createMediaService({
      db: t.app.services.database.db,
      storage: racing,
      clock: t.app.services.clock,
    });
    expect(await media2.makeVariantsOf(id)).toBe(true);
    expect(deleted).toBe(true);
    const avif = written.filter((k) => k.endsWith('.avif'));
    expect(avif.length).toBeGreaterThan(0);
    for (const key of avif) {
      expect(key.startsWith(`${folder}/`)).toBe(true);
      expect(await files.get(key), key).toBeUndefined();
    }
  });
});
