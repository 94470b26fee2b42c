/*
 * The small things Yoast users expect (issue 12 item 9): a favicon, an Apple touch icon and a
 * web manifest, made from the square logo of the settings or built in, linked from every page.
 */
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
const get = (url: string) => t.app.inject({ method: 'GET', url });
const putSettings = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth(admin), payload });

/** The PNG images inside an .ico file, read by its directory (ICONDIR, ICONDIRENTRY). */
function imagesOfIco(ico: Buffer) {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i;
    const size = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    return { declared: ico.readUInt8(entry) || 256, data: ico.subarray(offset, offset + size) };
  });
}

/** Width, height and the colour of the middle pixel of a PNG. */
async function pictureOf(png: Buffer) {
  const image = sharp(png);
  const { width, height, format } = await image.metadata();
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 3;
  return { width, height, format, middle: [data[middle], data[middle + 1], data[middle + 2]] };
}

const linksOf = (res: LightMyRequestResponse) =>
  [...res.body.slice(0, res.body.indexOf('</head>')).matchAll(/<link ([^>]*)>/g)].map((m) =>
    Object.fromEntries(
      [...(m[1] as string).matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]),
    ),
  );

/** A solid square (or not) image in one colour, uploaded; its /media/ address. */
async function uploadedLogo(width: number, height: number, colour: string) {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await upload(t.app, admin, png, 'logo.png');
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
}, 300_000);
afterAll(async () => t?.close());

describe('without a logo: the built-in icons', () => {
  it('/favicon.ico is an icon file of 16, 32 and 48 pixel PNGs', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const images = imagesOfIco(res.rawPayload);
    expect(images.map((i) => i.declared)).toEqual([16, 32, 48]);
    for (const image of images) {
      const picture = await pictureOf(image.data);
      expect(picture.format).toBe('png');
      expect([picture.width, picture.height]).toEqual([image.declared, image.declared]);
    }
  });

  it('/apple-touch-icon.png is 180×180 in the site’s colour', async () => {
    const res = await get('/apple-touch-icon.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const picture = await pictureOf(res.rawPayload);
    expect([picture.width, picture.height]).toEqual([180, 180]);
  });

  it('/manifest.webmanifest is JSON in the site’s names, and its icons are there at their sizes', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    const manifest = JSON.parse(res.body) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe('Patrika — पत्रिका');
    expect(manifest.short_name).toBe('Patrika');
    expect(manifest.start_url).toBe('/');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const file = await get(icon.src);
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type']).toBe(icon.type);
      const picture = await pictureOf(file.rawPayload);
      expect(`${picture.width}x${picture.height}`).toBe(icon.sizes);
    }
  });
});

describe('every page links them', () => {
  it('home, static, category, article, sign-in and Not Found pages', async () => {
    const category = await createCategory(t.app, admin, { name: 'Icons' });
    const article = await createArticle(t.app, admin, category._id, { name: 'Iconic' });
    const pages = ['/', '/about-us', `/category/${category.slug}`, articlePath(article), '/login'];
    for (const url of [...pages, '/no/such-page']) {
      const res = await get(url);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const links = linksOf(res);
      const href = (rel: string) => links.filter((l) => l.rel === rel).map((l) => l.href);
      expect(href('manifest'), url).toEqual(['/manifest.webmanifest']);
      expect(href('icon'), url).toEqual(['/favicon.ico']);
      expect(href('apple-touch-icon'), url).toEqual(['/apple-touch-icon.png']);
    }
  });
});

describe('with a logo uploaded in the settings', () => {
  it('the icons are made from it, and follow a new one', async () => {
    const before = (await get('/apple-touch-icon.png')).rawPayload;
    const green = await uploadedLogo(600, 600, '#00aa00');
    expect((await putSettings({ logoUrl: green })).statusCode).toBe(200);
    const touch = await pictureOf((await get('/apple-touch-icon.png')).rawPayload);
    expect([touch.width, touch.height]).toEqual([180, 180]);
    expect(touch.middle).toEqual([0, 170, 0]);
    expect((await get('/apple-touch-icon.png')).rawPayload.equals(before)).toBe(false);
    const [, favicon32] = imagesOfIco((await get('/favicon.ico')).rawPayload);
    expect((await pictureOf(favicon32?.data as Buffer)).middle).toEqual([0, 170, 0]);
    const large = await pictureOf((await get('/icon-512.png')).rawPayload);
    expect(large.middle).toEqual([0, 170, 0]);

    // A wide logo still makes a square icon.
    const wide = await uploadedLogo(800, 200, '#0000ff');
    expect((await putSettings({ logoUrl: wide })).statusCode).toBe(200);
    const again = await pictureOf((await get('/apple-touch-icon.png')).rawPayload);
    expect([again.width, again.height]).toEqual([180, 180]);
    expect(again.middle).toEqual([0, 0, 255]);
  });

  it('a logo that is no longer there gives the built-in icons, not an error', async () => {
    const builtIn = await putSettings({ logoUrl: '' }).then(() => get('/apple-touch-icon.png'));
    expect(
      (
        await putSettings({
          logoUrl: '/media/2026/01/00000000-0000-4000-8000-000000000000/original.png',
        })
      ).statusCode,
    ).toBe(200);
    const res = await get('/apple-touch-icon.png');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(builtIn.rawPayload)).toBe(true);
    await putSettings({ logoUrl: '' });
  });

  it('refuses a logo that is not an upload of this site, changing nothing', async () => {
    for (const logoUrl of ['https://images.example.com/logo.png', 'logo.png', '/assets/x.png']) {
      const res = await putSettings({ logoUrl });
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().errors?.[0]?.path, logoUrl).toBe('body.logoUrl');
    }
    expect((await get('/api/settings')).json().logoUrl).toBe('');
  });

  it('the manifest follows a renamed site', async () => {
    expect((await putSettings({ siteName: 'Nayi Patrika', shortName: 'Nayi' })).statusCode).toBe(
      200,
    );
    try {
      const manifest = JSON.parse((await get('/manifest.webmanifest')).body) as {
        name: string;
        short_name: string;
      };
      expect([manifest.name, manifest.short_name]).toEqual(['Nayi Patrika', 'Nayi']);
    } finally {
      await putSettings({ siteName: 'Patrika — पत्रिका', shortName: 'Patrika' });
    }
  });
});
