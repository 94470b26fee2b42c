/*
 * MEDIA_PUBLIC_URL (issue 28 item 1): pages link uploads straight to the bucket's public
 * address (or its CDN), which holds the same keys: the featured image's sources and fallback,
 * the body's images and the home cards; an image hosted elsewhere stays as it is, and
 * /media/… still streams from Patrika (old links, the back office). Without it, pages link
 * /media/… as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import {
  createAdmin,
  createArticle,
  createCategory,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp } from '../../setup/test-app';

const CDN = 'https://media-cdn.example.net/patrika';
const EXTERNAL = 'https://images.example.com/far.jpg';

/** Every address an image of the page may load: img src and srcset, source srcset. */
const imageAddresses = (html: string) =>
  [...html.matchAll(/<(?:img|source)\b[^>]*>/g)].flatMap((m) =>
    [...m[0].matchAll(/\b(src|srcset)="([^"]*)"/g)].flatMap((a) =>
      a[2]!.split(',').map((part) => part.trim().split(/\s+/)[0]!),
    ),
  );

async function siteWith(env: Record<string, string>) {
  const t = await createTestApp(
    { PUBLIC_URL: 'https://patrika.example', ...env },
    { web: 'build' },
  );
  const admin: TestUser = await createAdmin(t.app);
  const sent = async (w: number, h: number) => {
    const res = await upload(t.app, admin, await testImage(w, h));
    expect(res.statusCode).toBe(201);
    return res.json<{ url: string }>();
  };
  const cover = await sent(1300, 650);
  const inBody = await sent(900, 600);
  const category = await createCategory(t.app, admin, { name: 'Pictures', isHome: true });
  const story = await createArticle(t.app, admin, category._id, {
    name: 'A story in pictures',
    language: 'en',
    imageUrl: cover.url,
    description:
      `<p>Opening words.</p><p><img src="${inBody.url}" alt="The ghat"></p>` +
      `<p><img src="${EXTERNAL}" alt="From far away"></p>`,
  });
  const page = async (path: string) => {
    const res = await t.app.inject({ url: path });
    expect(res.statusCode, path).toBe(200);
    return res.body;
  };
  return { t, cover, story, page };
}

describe('with MEDIA_PUBLIC_URL', () => {
  let site: Awaited<ReturnType<typeof siteWith>>;
  beforeAll(async () => {
    site = await siteWith({ MEDIA_PUBLIC_URL: `${CDN}/` });
  });
  afterAll(async () => site?.t.close());

  it('links the article’s images of ours to the public address, and leaves others alone', async () => {
    const addresses = imageAddresses(await site.page(articlePath(site.story)));
    const ours = addresses.filter((a) => a !== EXTERNAL);
    expect(ours.length).toBeGreaterThan(4);
    for (const address of ours) expect(address).toMatch(new RegExp(`^${CDN}/\\d{4}/\\d{2}/`));
    expect(addresses).toContain(EXTERNAL);
    // The same keys as under /media/: the bucket holds what Patrika serves.
    const key = ours[0]!.slice(CDN.length + 1);
    expect((await site.t.app.inject({ url: `/media/${key}` })).statusCode).toBe(200);
  });

  it('names the public address in the share image and the JSON-LD images', async () => {
    const html = await site.page(articlePath(site.story));
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toMatch(new RegExp(`^${CDN}/`));
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .join('\n');
    expect(ld).toContain(`"image":["${CDN}/`);
    expect(ld).not.toContain('/media/');
  });

  it('names it in the feed’s enclosures and body images, and in the sitemap’s images', async () => {
    const feed = await site.page('/feed.xml');
    expect(feed).toMatch(new RegExp(`<enclosure url="${CDN}/`));
    expect(feed).not.toMatch(/https:\/\/patrika\.example\/media\//);
    // A small site's sitemap is one list; a larger one's an index of lists.
    const index = await site.page('/sitemap.xml');
    const files = [
      ...index.matchAll(/<sitemap><loc>https:\/\/patrika\.example([^<]+)<\/loc>/g),
    ].map((m) => m[1]!);
    const urlsets = [index, ...(await Promise.all(files.map((f) => site.page(f))))];
    const images = urlsets.flatMap((x) =>
      [...x.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]!),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const loc of images.filter((l) => l !== EXTERNAL))
      expect(loc).toMatch(new RegExp(`^${CDN}/`));
  });

  it('links the home page’s cards there too', async () => {
    const addresses = imageAddresses(await site.page('/'));
    expect(addresses.some((a) => a.startsWith(`${CDN}/`))).toBe(true);
    expect(addresses.filter((a) => a.startsWith('/media/'))).toEqual([]);
  });

  it('keeps the API’s addresses as stored', async () => {
    const res = await site.t.app.inject({ url: `/api/articles/article/${site.story._id}` });
    expect(res.json<{ imageUrl: string }>().imageUrl).toBe(site.cover.url);
  });
});

describe('without MEDIA_PUBLIC_URL', () => {
  let site: Awaited<ReturnType<typeof siteWith>>;
  beforeAll(async () => {
    site = await siteWith({});
  });
  afterAll(async () => site?.t.close());

  it('links /media/ as before', async () => {
    const addresses = imageAddresses(await site.page(articlePath(site.story)));
    const ours = addresses.filter((a) => a !== EXTERNAL);
    expect(ours.length).toBeGreaterThan(4);
    for (const address of ours) expect(address).toMatch(/^\/media\//);
  });
});
