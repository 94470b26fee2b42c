/*
 * AVIF and WebP variants of every upload (issue 11 item 1, docs/decisions/026), with either
 * media storage: made on upload at the WebP widths, served as AVIF with their real size, and
 * made for uploads from before AVIF by the backfill (at start-up and `npm run media:variants`).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../../db/schema/media';
import { createUser, testImage, upload, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

interface Uploaded {
  _id: string;
  url: string;
  variants: { width: number; url: string }[];
}

describe.each(['fs', 'db'] as const)('image variants (MEDIA_STORAGE=%s)', (storage) => {
  let t: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ MEDIA_STORAGE: storage });
    author = await createUser(t.app, 'author');
  });
  afterAll(async () => t?.close());

  const rowOf = async (id: string) => {
    const [row] = await t.app.services.database.db.select().from(media).where(eq(media.id, id));
    return row!;
  };
  const send = async (width: number, height: number) => {
    const res = await upload(t.app, author, await testImage(width, height));
    expect(res.statusCode).toBe(201);
    return res.json<Uploaded>();
  };
  /** The file at `key`, served, with its decoded size. */
  const served = async (key: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode, key).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    return {
      type: res.headers['content-type'],
      format: meta.format,
      width: meta.width,
      height: meta.height,
    };
  };

  it('makes an AVIF variant at each WebP width on upload, served as AVIF with its real size', async () => {
    const body = await send(2000, 1000);
    const row = await rowOf(body._id);
    expect(row.variants.map((v) => v.width)).toEqual([400, 800, 1200, 1600]);
    expect(row.avif).toEqual(
      [400, 800, 1200, 1600].map((w) => ({
        width: w,
        height: w / 2,
        key: expect.stringMatching(new RegExp(`/w${w}\\.avif$`)),
      })),
    );
    for (const v of row.avif!) {
      expect(await served(v.key)).toEqual({
        type: 'image/avif',
        format: 'heif',
        width: v.width,
        height: v.height,
      });
    }
    for (const v of row.variants) {
      expect(await served(v.key)).toMatchObject({
        type: 'image/webp',
        width: v.width,
        height: v.height,
      });
    }
  });

  it('gives an original narrower than every variant width one variant of its own width', async () => {
    const body = await send(300, 200);
    expect(body.variants).toEqual([{ width: 300, url: expect.stringMatching(/\/w300\.webp$/) }]);
    const row = await rowOf(body._id);
    expect(row.avif?.map((v) => [v.width, v.height])).toEqual([[300, 200]]);
    expect(await served(row.avif![0]!.key)).toMatchObject({ type: 'image/avif', width: 300 });
  });

  it('makes the missing variants of earlier uploads once, and marks a lost original done', async () => {
    const db = t.app.services.database.db;
    const files = t.app.services.media.storage;
    // As stored before AVIF: a wide upload with WebP variants only, a small one with none,
    // and one whose original is gone.
    const wide = await send(900, 600);
    const small = await send(200, 100);
    const lost = await send(500, 300);
    const before = await rowOf(wide._id);
    for (const v of before.avif!) await files.remove(v.key);
    const smallRow = await rowOf(small._id);
    for (const v of [...smallRow.avif!, ...smallRow.variants]) await files.remove(v.key);
    await db.update(media).set({ avif: null }).where(eq(media.id, wide._id));
    await db.update(media).set({ avif: null, variants: [] }).where(eq(media.id, small._id));
    await db.update(media).set({ avif: null }).where(eq(media.id, lost._id));
    await files.remove(lost.url.replace('/media/', ''));
    const webpBefore = await files.get(before.variants[0]!.key);

    expect(await t.app.services.media.makeMissingVariants()).toBe(3);

    const wideAfter = await rowOf(wide._id);
    expect(wideAfter.variants).toEqual(before.variants);
    expect(wideAfter.avif?.map((v) => v.width)).toEqual([400, 800]);
    for (const v of wideAfter.avif!) {
      expect(await served(v.key)).toMatchObject({
        type: 'image/avif',
        width: v.width,
        height: v.height,
      });
    }
    // The WebP variants it had are left byte for byte.
    expect((await files.get(before.variants[0]!.key))?.data.equals(webpBefore!.data)).toBe(true);

    const smallAfter = await rowOf(small._id);
    expect(smallAfter.variants.map((v) => [v.width, v.height])).toEqual([[200, 100]]);
    expect(smallAfter.avif?.map((v) => [v.width, v.height])).toEqual([[200, 100]]);
    expect(await served(smallAfter.variants[0]!.key)).toMatchObject({
      type: 'image/webp',
      width: 200,
    });
    expect(await served(smallAfter.avif![0]!.key)).toMatchObject({
      type: 'image/avif',
      width: 200,
    });

    expect((await rowOf(lost._id)).avif).toEqual([]);
    expect(await t.app.services.media.makeMissingVariants()).toBe(0);
  });

  it('answers the variants pages use, by upload id and by address', async () => {
    const body = await send(1000, 500);
    const info = await t.app.services.media.imageForUrl(body.url);
    expect(info).toEqual({
      width: 1000,
      height: 500,
      variants: [400, 800].map((w) => ({
        width: w,
        url: expect.stringMatching(new RegExp(`/w${w}\\.webp$`)),
      })),
      avif: [400, 800].map((w) => ({
        width: w,
        url: expect.stringMatching(new RegExp(`/w${w}\\.avif$`)),
      })),
    });
    expect(await t.app.services.media.imageForUrl(body.variants[0]!.url)).toEqual(info);
    expect(await t.app.services.media.imageForUrl('https://elsewhere.example/a.jpg')).toBeNull();
    expect(await t.app.services.media.imageForUrl(null)).toBeNull();
    const map = await t.app.services.media.imagesByIds([
      body._id,
      '00000000-0000-4000-8000-000000000000',
      'x',
    ]);
    expect([...map.keys()]).toEqual([body._id]);
  });
});
