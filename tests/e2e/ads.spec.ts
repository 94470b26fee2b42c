import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdsSettings } from '../../common/schemas/ads';
import {
  addressOf,
  ADMIN,
  type Api,
  expect,
  expectToast,
  hydrated,
  openSignedIn,
  readJson,
  test,
} from './fixtures';

/*
 * Ads that keep pages fast (issue 39 item 1, docs/decisions/058): house ads in three positions
 * keep a Hindi story's layout still (CLS < 0.1), are filled after load, and a click goes through
 * the counted redirect; the page is the same bytes for every anonymous reader; with no provider
 * (the default) a page has no slot and asks for nothing.
 */

/** A creative's image of `width` × `height`. */
const adImage = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

const HOUSE: AdsSettings = {
  provider: 'house',
  networkCode: '',
  clientId: '',
  hideForMembers: false,
  slots: [
    {
      position: 'header',
      sizes: [
        { minWidth: 0, width: 320, height: 50 },
        { minWidth: 768, width: 728, height: 90 },
      ],
    },
    {
      position: 'in-article',
      afterParagraph: 2,
      sizes: [{ minWidth: 0, width: 300, height: 250 }],
    },
    { position: 'between-cards', everyCards: 1, sizes: [{ minWidth: 0, width: 300, height: 250 }] },
  ],
};

/** Makes a house ad for `positions` with an image of the size given; deleted after the test. */
async function houseAd(
  admin: Api,
  cleanup: (fn: () => Promise<unknown>) => void,
  ad: { name: string; positions: string[]; width: number; height: number; link: string },
) {
  const uploaded = await readJson<{ _id: string }>(
    await admin.upload({
      name: `${ad.name}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await adImage(ad.width, ad.height, '#1f6f43'),
    }),
    201,
  );
  const made = await readJson<{ _id: string }>(
    await admin.post('/api/ads/creatives', {
      name: ad.name,
      imageId: uploaded._id,
      link: ad.link,
      alt: `${ad.name}: an offer`,
      positions: ad.positions,
      weight: 1,
    }),
    201,
  );
  cleanup(() => admin.delete(`/api/ads/creatives/${made._id}`));
  return made._id;
}

/** The ads setting for the test, the one before it put back after. */
async function adsOn(admin: Api, cleanup: (fn: () => Promise<unknown>) => void, ads: AdsSettings) {
  const before = await admin.settings();
  cleanup(() => admin.updateSettings({ ads: before.ads }));
  expect((await admin.updateSettings({ ads })).status()).toBe(200);
}

/** Opens `path` once its kept page shows the slots (a settings change refreshes it a moment later). */
async function openWithSlots(page: Page, path: string) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.locator('[data-ad]').count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await hydrated(page);
}

const CLS_BUDGET = 0.1;

test.describe('house ads', () => {
  test('three positions keep a Hindi story still, are filled after load, and a click is counted', async ({
    page,
    admin,
    make,
    baseURL,
  }) => {
    const cleanup = (fn: () => Promise<unknown>) => make.onCleanup(fn);
    const landing = `${baseURL}/about-us?from=house-ad`;
    const header = await houseAd(admin, cleanup, {
      name: `Header ${Date.now()}`,
      positions: ['header'],
      width: 728,
      height: 90,
      link: landing,
    });
    await houseAd(admin, cleanup, {
      name: `Box ${Date.now()}`,
      positions: ['in-article', 'between-cards'],
      width: 300,
      height: 250,
      link: landing,
    });
    await adsOn(admin, cleanup, HOUSE);
    const category = await make.category();
    const paragraph = 'मानसून की पहली बारिश के साथ शहर की गलियों में मिट्टी की खुशबू फैल गई। '.repeat(6);
    const story = await make.article(category, {
      name: `बारिश का शहर ${Date.now()}`,
      language: 'hi',
      description: `<p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p>`,
    });
    await make.article(category);

    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await openWithSlots(page, addressOf(story));
    // Labelled in the page's language, each keeping its space before any script ran.
    const slots = page.getByRole('complementary', { name: 'विज्ञापन' });
    await expect(slots).toHaveCount(2);
    const headerSlot = page.locator('[data-ad-position="header"]');
    const inArticle = page.locator('.article-body [data-ad-position="in-article"]');
    await expect(inArticle).toHaveCount(1);
    // After the second paragraph of the story.
    expect(
      await inArticle.evaluate((slot) => slot.previousElementSibling?.matches('p:nth-of-type(2)')),
    ).toBe(true);
    // Filled after load: the header at once, the one in the story when it comes near.
    await expect(headerSlot.locator('img')).toBeVisible();
    await inArticle.scrollIntoViewIfNeeded();
    await expect(inArticle.locator('img')).toBeVisible();
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => {})));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(CLS_BUDGET);

    // Between the cards of the story's section: one slot after its first card.
    await openWithSlots(page, `/category/${category.slug}`);
    const between = page.locator('[data-ad-position="between-cards"]');
    await expect(between).toHaveCount(1);
    await between.scrollIntoViewIfNeeded();
    await expect(between.locator('img')).toBeVisible();

    // A click goes through the counted redirect to the ad's link.
    await page.goto(addressOf(story));
    await headerSlot.locator('a').click();
    await expect(page).toHaveURL(landing);
    await expect
      .poll(
        async () => {
          const list = await readJson<{ _id: string; clicks: number; impressions: number }[]>(
            await admin.get('/api/ads/creatives'),
          );
          const ad = list.find((c) => c._id === header);
          return ad && ad.clicks >= 1 && ad.impressions >= 1;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  test('a page with ads is the same bytes for every anonymous reader', async ({
    admin,
    make,
    playwright,
    baseURL,
  }) => {
    const cleanup = (fn: () => Promise<unknown>) => make.onCleanup(fn);
    await adsOn(admin, cleanup, HOUSE);
    const story = await make.article(await make.category(), { language: 'hi' });
    // Each reader a browser of its own; what the page cache said of the answer with it.
    const fetchPage = async () => {
      const context = await playwright.request.newContext({ baseURL });
      const res = await context.get(addressOf(story));
      const body = await res.text();
      const state = res.headers()['x-page-cache'];
      await context.dispose();
      return { body, state };
    };
    await expect.poll(async () => (await fetchPage()).body.includes('data-ad=')).toBe(true);
    // The story's "More stories" are random picks made at each render, so a render between two
    // readers (the story's own change notices arrive after its first answer on PostgreSQL)
    // changes them; two readers served from the page cache get the same bytes.
    await expect
      .poll(
        async () => {
          const [first, second] = [await fetchPage(), await fetchPage()];
          if (first.state !== 'hit' || second.state !== 'hit') return 'not yet both from the cache';
          return second.body === first.body ? 'the same bytes' : 'different bytes';
        },
        { timeout: 15_000 },
      )
      .toBe('the same bytes');
  });
});

test('with no provider (the default) a page has no slot and asks for nothing', async ({
  page,
  admin,
  make,
}) => {
  const settings = await admin.settings();
  if (settings.ads.provider !== 'none') {
    const before = settings.ads;
    make.onCleanup(() => admin.updateSettings({ ads: before }));
    expect((await admin.updateSettings({ ads: { ...before, provider: 'none' } })).status()).toBe(
      200,
    );
  }
  const story = await make.article(await make.category());
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await expect
    .poll(async () => {
      await page.goto(addressOf(story));
      return page.locator('[data-ad]').count();
    })
    .toBe(0);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(await page.content()).not.toContain('ad-slot');
  expect(asked.filter((p) => p.includes('/ads') || p.includes('reader-ads'))).toEqual([]);
});

test('the back office: ads in the settings, and the House ads screen with its counts', async ({
  page,
  admin,
  make,
  baseURL,
}) => {
  const cleanup = (fn: () => Promise<unknown>) => make.onCleanup(fn);
  const before = await admin.settings();
  cleanup(() => admin.updateSettings({ ads: before.ads, adsTxt: before.adsTxt }));
  const name = `Festival ${Date.now()}`;
  const id = await houseAd(admin, cleanup, {
    name,
    positions: ['sidebar'],
    width: 300,
    height: 600,
    link: `${baseURL}/about-us`,
  });
  await page.request.get(`/ads/click/${id}`, { maxRedirects: 0 });

  await openSignedIn(page, ADMIN, '/admin/settings');
  await page.getByLabel('Who fills the ad slots').selectOption('house');
  await page
    .getByLabel('Slots, one a line')
    .fill('header: 0=320x50, 768=728x90\nsidebar: 992=300x600');
  await page.getByLabel(/^ads\.txt/).fill('google.com, pub-3333333333333333, DIRECT');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Settings saved.');
  const saved = await admin.settings();
  expect(saved.ads).toMatchObject({
    provider: 'house',
    slots: [
      {
        position: 'header',
        sizes: [
          { minWidth: 0, width: 320, height: 50 },
          { minWidth: 768, width: 728, height: 90 },
        ],
      },
      { position: 'sidebar', sizes: [{ minWidth: 992, width: 300, height: 600 }] },
    ],
  });
  expect(saved.adsTxt).toBe('google.com, pub-3333333333333333, DIRECT');

  // Its one click, counted on its way to the link: counts are kept in memory and written every
  // few seconds, and the screen reads them once, so it is opened once the click is written.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/ads/creatives');
      const creatives = (await res.json()) as { _id: string; clicks: number }[];
      return creatives.find((c) => c._id === id)?.clicks;
    })
    .toBe(1);
  await page.getByRole('link', { name: 'House ads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'House ads' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Weight (1–100)').fill('7');
  await page.getByRole('button', { name: 'Save ad' }).click();
  await expectToast(page, 'The ad was saved.');
  expect(
    (await readJson<{ _id: string; weight: number }[]>(await admin.get('/api/ads/creatives'))).find(
      (c) => c._id === id,
    )?.weight,
  ).toBe(7);
});
