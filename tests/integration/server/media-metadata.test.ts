/*
 * `npm run media:strip-metadata` (issue 13 item 7, EXIF): originals stored before uploads were
 * cleaned lose their camera and GPS metadata and turn upright at the same address; clean files
 * keep their bytes; a second run changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../../db/schema/media';
import { insertMedia } from '../../../server/modules/media/media-repository';
import { createUser, testImage, upload, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.app, 'author');
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** An upload as an older Patrika stored it: the camera's file, metadata and all. */
async function storeOldUpload(): Promise<{ id: string; url: string }> {
  const photo = await sharp({
    create: { width: 600, height: 400, channels: 3, background: '#336699' },
  })
    .withExif({
      IFD0: { Make: 'PatrikaCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 12/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  const id = randomUUID();
  const key = `2025/01/${id}/original.jpg`;
  await t.app.services.media.storage.put(key, photo, 'image/jpeg');
  await insertMedia(t.database.db, {
    id,
    storageKey: key,
    mimeType: 'image/jpeg',
    width: 600,
    height: 400,
    bytes: photo.length,
    variants: [],
    crops: [],
    uploadedBy: null,
    createdAt: new Date('2025-01-15T00:00:00Z'),
  });
  return { id, url: `/media/${key}` };
}

describe('stripping metadata from stored uploads', () => {
  it('cleans old originals in place, leaves clean ones alone, and is idempotent', async () => {
    const old = await storeOldUpload();
    const before = await get(old.url);
    expect(before.rawPayload.includes('PatrikaCam')).toBe(true);
    const clean = (await upload(t.app, author, await testImage(500, 300))).json() as {
      url: string;
    };
    const cleanBytes = (await get(clean.url)).rawPayload;

    const first = await t.app.services.media.stripStoredMetadata();
    expect(first).toEqual({ checked: 2, stripped: 1 });

    const after = await get(old.url);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.includes('PatrikaCam')).toBe(false);
    const meta = await sharp(after.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 600 });
    const [row] = await t.database.db.select().from(media).where(eq(media.id, old.id));
    expect(row).toMatchObject({ width: 400, height: 600, bytes: after.rawPayload.length });

    expect((await get(clean.url)).rawPayload.equals(cleanBytes)).toBe(true);
    expect(await t.app.services.media.stripStoredMetadata()).toEqual({ checked: 2, stripped: 0 });
  });
});
