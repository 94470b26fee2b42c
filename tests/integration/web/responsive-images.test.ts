/*
 * Every public image is a resized variant (issue 11 item 1, DECISIONS.md §13, docs/decisions/026):
 * no <img> or <source> on the home and category pages names an original upload, every image
 * has its width and height, and uploads are <picture>s of AVIF and WebP. Images inside article
 * bodies get the same markup when the page is rendered; an upload whose AVIF variants are not
 * made yet is offered as WebP only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { media } from '../../../db/schema/media';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { MEDIA_VARIANTS_JOB } from '../../../server/modules/media/media-deps';
import { createTestApp, type TestApp } from '../../setup/test-app';

interface Uploaded {
  _id: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

let t: TestApp;
let admin: TestUser;
let cover: Uploaded;
let inBody: Uploaded;
let noAvif: Uploaded;
let story: Awaited<ReturnType<typeof createArticle>>;
let older: Awaited<ReturnType<typeof createArticle>>;
const EXTERNAL = 'https://images.example.com/far.jpg';

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body.slice(res.body.indexOf('<body'));
};
const send = async (width: number, height: number) => {
  const res = await upload(t.app, admin, await testImage(width, height));
  expect(res.statusCode).toBe(201);
  return res.json<Uploaded>();
};

/** Every `<name …>` tag as its attributes (React writes `name="value"`). */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}(?=[\\s>/])[^>]*>`, 'gi'))].map((m) =>
    Object.fromEntries(
      [...m[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!]),
    ),
  );
const pictures = (html: string) =>
  [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => ({
    sources: tags(m[1]!, 'source'),
    img: tags(m[1]!, 'img')[0]!,
  }));
/** Every address an image of the page may load: img src and srcset, source srcset. */
const imageAddresses = (html: string) => [
  ...tags(html, 'img').flatMap((i) => [i.src ?? '', ...(i.srcset ?? '').split(',')]),
  ...tags(html, 'source').flatMap((s) => (s.srcset ?? '').split(',')),
];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  cover = await send(1300, 650);
  inBody = await send(900, 600);
  noAvif = await send(1000, 500);
  // An upload from before AVIF whose variants the backfill has not reached yet: its own AVIF
  // job (docs/decisions/035) is called off first, or it would make them again.
  await t.app.services.jobs.cancel(`${MEDIA_VARIANTS_JOB}:${noAvif._id}`);
  await t.app.services.database.db
    .update(media)
    .set({ avif: null })
    .where(eq(media.id, noAvif._id));
  const category = await createCategory(t.app, admin, { name: 'Pictures' });
  const other = await createCategory(t.app, admin, { name: 'Small pictures' });
  // A picture narrower than every variant width still has a variant of its own width.
  const small = await send(320, 180);
  await createArticle(t.app, admin, other._id, {
    name: 'Small',
    language: 'hi',
    imageUrl: small.url,
  });
  older = await createArticle(t.app, admin, category._id, {
    name: 'Before AVIF',
    language: 'en',
    imageUrl: noAvif.url,
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
  });
  story = await createArticle(t.app, admin, category._id, {
    name: 'A story in pictures',
    language: 'en',
    imageUrl: cover.url,
    description:
      `<p>Opening words.</p><p><img src="${inBody.url}" alt="The river &amp; the ghat"></p>` +
      `<p><img src="${EXTERNAL}" alt="From far away"></p>` +
      `<p><img src="${noAvif.url}" alt="Older" width="300"></p>`,
  });
});
afterAll(async () => t?.close());

describe('home and category pages', () => {
  it.each(['/', '/category/pictures', '/category/small-pictures'])(
    '%s: no image names an original upload; every image has its width and height',
    async (path) => {
      const html = await get(path);
      const images = tags(html, 'img');
      expect(images.length, path).toBeGreaterThan(0);
      for (const address of imageAddresses(html)) expect(address, path).not.toMatch(/\/original\./);
      for (const img of images) {
        expect(img.width, img.src).toMatch(/^\d+$/);
        expect(img.height, img.src).toMatch(/^\d+$/);
      }
      // Uploads are pictures: AVIF then WebP, each with sizes, the fallback a WebP variant.
      const found = pictures(html);
      expect(found.length, path).toBeGreaterThan(0);
      for (const { sources, img } of found) {
        expect(sources.at(-1)?.type).toBe('image/webp');
        for (const s of sources) expect(s.sizes).toBeTruthy();
        expect(img.src).toMatch(/^\/media\/.+\/w\d+\.webp$/);
      }
    },
  );

  it('offers an upload whose AVIF is not made yet as WebP only, and the rest as AVIF too', async () => {
    const html = await get('/category/pictures');
    const byImage = (u: Uploaded) =>
      pictures(html).find((p) => p.img.src?.startsWith(u.url.replace(/original\.\w+$/, '')));
    expect(byImage(noAvif)?.sources.map((s) => s.type)).toEqual(['image/webp']);
    expect(byImage(cover)?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(byImage(cover)?.sources[0]?.srcset).toMatch(/^\/media\/\S+\/w400\.avif 400w, /);
  });
});

describe('the article page', () => {
  it('makes body images of ours responsive at render time, and leaves others as they are', async () => {
    const html = await get(articlePath(story));
    const body = /<div class="article-body"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    const [river, older] = pictures(body);
    expect(river?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(river?.img).toMatchObject({
      src: inBody.variants.at(-1)!.url,
      width: '800',
      height: String(Math.round((600 * 800) / 900)),
      alt: 'The river &amp; the ghat',
      loading: 'lazy',
    });
    // The writer's width is kept, with the height of the same shape; WebP only before AVIF.
    expect(older?.sources.map((s) => s.type)).toEqual(['image/webp']);
    expect(older?.img).toMatchObject({ width: '300', height: '150' });
    expect(tags(body, 'img').find((i) => i.src === EXTERNAL)).toBeDefined();
    expect(body).not.toMatch(/\/original\./);
    // The stored text keeps the address the writer chose.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/articles/article/${story._id}`,
      headers: auth(admin),
    });
    expect(stored.json<{ description: string }>().description).toContain(`src="${inBody.url}"`);
  });

  it('the related stories and the article image never name an original', async () => {
    const html = await get(articlePath(older));
    for (const address of imageAddresses(html)) expect(address).not.toMatch(/\/original\./);
  });
});

describe('the author page', () => {
  it('shows an uploaded photo as a picture of variants', async () => {
    const writer = await createUser(t.app, 'author', { name: 'Photo Grapher' });
    const photo = await send(600, 600);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(writer),
      payload: { photoUrl: photo.url },
    });
    expect(put.statusCode).toBe(200);
    const html = await get('/author/photo-grapher');
    const [picture] = pictures(html);
    expect(picture?.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(picture?.img).toMatchObject({
      src: photo.variants[0]!.url,
      width: '400',
      height: '400',
    });
    expect(html).not.toContain(photo.url);
  });
});
