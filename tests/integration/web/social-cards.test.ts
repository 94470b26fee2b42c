/*
 * Social cards everywhere (issue 12 item 5): every public page has a picture with its size and
 * alt text (its own, else the default share image of the settings, else the logo), its locale
 * (an article's versions in other languages as alternates, issue 27 item 5), and the site's X
 * account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
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
import { createTestApp, type TestApp } from '../../setup/test-app';
import { settled } from '../../setup/settled';

const PUBLIC_URL = 'https://patrika.example';

let t: TestApp;
let admin: TestUser;
let hindi: Awaited<ReturnType<typeof createArticle>>;
let share: { url: string };

const get = (url: string) => settled(() => t.app.inject({ method: 'GET', url }));
const settings = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth(admin), payload });

/** Every `<meta property|name=… content=…>` of the head, as [key, content] pairs. */
const metaTags = (html: string) =>
  [
    ...html
      .slice(0, html.indexOf('</head>'))
      .matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g),
  ].map((m) => [m[1] as string, (m[2] as string).replace(/&amp;/g, '&')] as const);
const card = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  const tags = metaTags(res.body);
  const one = (key: string) => tags.filter(([k]) => k === key).map(([, v]) => v);
  return { one, tags };
};

const PUBLIC_PAGES = [
  '/',
  '/about-us',
  '/contact-us',
  '/privacy-policy',
  '/disclaimer',
  '/category/weather',
  '/author/asha-rao',
  '/search?q=monsoon',
];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  const writer = await createUser(t.app, 'author', { name: 'Asha Rao' });
  const category = await createCategory(t.app, admin, { name: 'Weather' });
  hindi = await createArticle(t.app, writer, category._id, {
    name: 'बारिश की कहानी',
    language: 'hi',
  });
  share = (await upload(t.app, admin, await testImage(1600, 900))).json<{ url: string }>();
}, 120_000);
afterAll(async () => t?.close());

describe('every public page has a card picture with size and alt, and its locale', () => {
  it.each([...PUBLIC_PAGES, 'article'])('%s', async (page) => {
    const url = page === 'article' ? articlePath(hindi) : page;
    const { one } = await card(url);
    expect(one('og:image'), url).toHaveLength(1);
    expect(one('og:image')[0]).toMatch(/^https:\/\//);
    expect(one('og:image:alt')[0], url).toBeTruthy();
    if (page !== 'article') {
      // The article's image is from elsewhere, its size unknown; every other card has it.
      expect(Number(one('og:image:width')[0]), url).toBeGreaterThan(0);
      expect(Number(one('og:image:height')[0]), url).toBeGreaterThan(0);
    }
    expect(one('og:locale'), url).toEqual([page === 'article' ? 'hi_IN' : 'en_IN']);
    // Each is written in one language: the article has no translation here.
    expect(one('og:locale:alternate'), url).toEqual([]);
  });
});

describe('the picture', () => {
  it('is the logo at 512 px when no default share image is set', async () => {
    const { one } = await card('/category/weather');
    expect(one('og:image')).toEqual([`${PUBLIC_URL}/icon-512.png`]);
    expect([one('og:image:width'), one('og:image:height')]).toEqual([['512'], ['512']]);
    expect(one('og:image:alt')).toEqual(['Patrika — पत्रिका']);
    expect(one('twitter:card')).toEqual(['summary']);
  });

  it('is the default share image of the settings (its 16:9 crop) on pages without their own', async () => {
    expect((await settings({ shareImageUrl: share.url })).statusCode).toBe(200);
    try {
      const crop = `${PUBLIC_URL}${share.url.replace('original.jpg', 'crop-16x9.jpg')}`;
      for (const url of ['/category/weather', '/about-us', '/author/asha-rao']) {
        const { one } = await card(url);
        expect(one('og:image'), url).toEqual([crop]);
        expect(one('twitter:image'), url).toEqual([crop]);
        expect([one('og:image:width'), one('og:image:height')]).toEqual([['1200'], ['675']]);
        expect(one('twitter:card'), url).toEqual(['summary_large_image']);
      }
    } finally {
      await settings({ shareImageUrl: '' });
    }
  });

  it('is the author’s photo, square, on their page', async () => {
    const writer = await createUser(t.app, 'author', { name: 'Photo Person' });
    const photo = (await upload(t.app, writer, await testImage(900, 1200))).json<{ url: string }>();
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(writer),
      payload: { photoUrl: photo.url },
    });
    const { one } = await card('/author/photo-person');
    expect(one('og:image')).toEqual([
      `${PUBLIC_URL}${photo.url.replace('original.jpg', 'crop-1x1.jpg')}`,
    ]);
    expect([one('og:image:width'), one('og:image:height')]).toEqual([['900'], ['900']]);
    expect(one('og:image:alt')).toEqual(['Photo of Photo Person']);
  });

  it('refuses a default share image that is not an upload here, changing nothing', async () => {
    const res = await settings({ shareImageUrl: 'https://elsewhere.example/a.jpg' });
    expect(res.statusCode).toBe(400);
    expect((await card('/about-us')).one('og:image')).toEqual([`${PUBLIC_URL}/icon-512.png`]);
  });
});

describe('twitter:site', () => {
  it('names the X account of the settings on every page, and nothing when it is empty', async () => {
    expect((await card('/')).one('twitter:site')).toEqual([]);
    expect((await settings({ twitterSite: '@patrika' })).statusCode).toBe(200);
    try {
      for (const url of [...PUBLIC_PAGES, articlePath(hindi)])
        expect((await card(url)).one('twitter:site'), url).toEqual(['@patrika']);
    } finally {
      await settings({ twitterSite: '' });
    }
  });

  it('refuses an account that is not an X handle', async () => {
    const res = await settings({ twitterSite: 'patrika news' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Must be an X account such as @patrika, or empty');
  });
});

describe('where Indian readers share (issue 25 item 4)', () => {
  it('links WhatsApp and Telegram as plain links with the address, and allows large previews', async () => {
    const url = articlePath(hindi);
    const res = await get(url);
    const address = encodeURIComponent(`${PUBLIC_URL}${url}`);
    const links = [
      ...res.body.matchAll(/<a [^>]*href="(https:\/\/(?:wa\.me|t\.me)\/[^"]+)"[^>]*>([^<]*)</g),
    ];
    const whatsapp = links.find(([, href]) => href!.startsWith('https://wa.me/'));
    const telegram = links.find(([, href]) => href!.startsWith('https://t.me/share/url'));
    expect(whatsapp?.[1]).toContain(address);
    expect(telegram?.[1]).toContain(`url=${address}`);
    // The interface language's words (the settings' Hindi here, or English).
    expect([whatsapp?.[2], telegram?.[2]]).toEqual(
      expect.arrayContaining([expect.stringMatching(/WhatsApp|व्हाट्सऐप/)]),
    );
    // A plain link: no popup script, no third-party script on the page.
    expect(res.body).not.toMatch(/<script[^>]+src="https?:\/\/(?!patrika\.example)/);
    for (const [tag] of [whatsapp!, telegram!]) expect(tag).not.toContain('data-share-popup');
    const { one } = await card(url);
    expect(one('robots')).toContain('max-image-preview:large');
  });
});
