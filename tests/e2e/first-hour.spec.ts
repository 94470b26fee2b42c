/*
 * The first hour (issue 45's acceptance journey), at 375 px and at 1366 px, each on an empty
 * site of its own: a new editor signs up and is told this account runs the site, writes the
 * title, then the body, then adds an image without passing the SEO fields (folded under
 * "Search and sharing"), is told what is missing while Submit is disabled, and publishes; the
 * home card shows the story's date; the alerts bar appears only once a second story is half
 * read, covers no text, and stays away after "Not now". No public page asks a third-party
 * address for anything before a click (Chromium's network log), and the footer's map loads on
 * its button, saying so when its host is unreachable.
 */
import type { Browser, Page, Request } from '@playwright/test';
import { migratedDataDir, startServer } from '../setup/spawn-server';
import {
  Api,
  expect,
  fillSignUpForm,
  hydrated,
  LONG_EN,
  makeImage,
  readJson,
  test,
  unique,
  type Article,
  type Category,
  type Uploaded,
  WHOLE_BROWSER,
} from './fixtures';

// The hour ends with the alerts' offer, which only the whole browser makes (fixtures.ts).
test.use(WHOLE_BROWSER);

const TITLE = 'जयपुर में बाल पुस्तक मेला';
const MAP_HOST = /^https:\/\/(www\.google\.com|maps\.google\.com)\//;

/** Every request the pages make to an address other than the site's own. */
function thirdPartyLog(page: Page, site: string) {
  const own = new URL(site).host;
  const log: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.host !== own) log.push(r.url());
  });
  return log;
}

/**
 * Scrolls a story's page to its end, as a reader who read it does; `noted`: while the offer may
 * still be made, waits until the page has noted the story as read.
 */
async function readToTheEnd(page: Page, noted = false) {
  await page.locator('.article-body').evaluate((body) => body.scrollIntoView({ block: 'end' }));
  await page.mouse.wheel(0, 4000);
  if (!noted) return;
  // ...and stays until the page has noted the story as read (the offer's reading progress is a
  // file fetched when the story comes in sight).
  const path = new URL(page.url()).pathname;
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('patrika:stories-read') ?? ''))
    .toContain(path);
}

async function newSite(browser: Browser, width: number) {
  const server = await startServer({ DATA_DIR: await migratedDataDir(), SEED_DEMO: '0' });
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: width < 500 ? 740 : 800 },
  });
  return { server, context, page: await context.newPage() };
}

for (const width of [375, 1366]) {
  test(`a new editor's first hour at ${width} px`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { server, context, page } = await newSite(browser, width);
    try {
      const thirdParty = thirdPartyLog(page, server.url);
      const account = {
        name: 'Meera Joshi',
        email: `meera-${unique()}@patrika.test`,
        password: `meera-${unique()}-pass`,
      };

      // Signs up on an empty site and is told this account runs it.
      await page.goto('/signup');
      await hydrated(page);
      await expect(
        page.getByText('the account you create now will run the site', { exact: false }),
      ).toBeVisible();
      await fillSignUpForm(page, account);
      await expect(page).toHaveURL('/admin/dashboard?welcome=1');
      const api = await Api.signIn(context.request, account);
      const category = await readJson<Category>(
        await api.createCategory({
          name: `Shahar ${unique()}`,
          description: 'Stories of the city',
        }),
        201,
      );
      await api.updateSettings({ mapLocation: 'Hawa Mahal, Jaipur' });

      // From the welcome to the form: title, then body, then the image; the SEO fields after.
      await page.reload();
      await hydrated(page);
      await page.getByRole('link', { name: 'Write the first article.' }).click();
      await expect(page).toHaveURL('/admin/add-article');
      const title = page.getByLabel('Title', { exact: true });
      const body = page.getByRole('textbox', { name: "Article Description (the story's text)" });
      const image = page.getByLabel('Article Image');
      const seo = page.getByText('Search and sharing', { exact: true });
      await expect(page.getByLabel('Meta Title')).toBeHidden();
      const y = async (l: typeof title) => (await l.boundingBox())?.y ?? NaN;
      expect(await y(title)).toBeLessThan(await y(body));
      expect(await y(body)).toBeLessThan(await y(image));
      expect(await y(image)).toBeLessThan(await y(seo));
      await expect(page.getByLabel('English address (slug)')).toBeVisible();

      await title.fill(TITLE);
      await body.click();
      await page.keyboard.type('शहर के बच्चों के लिए पहली बार बाल पुस्तक मेला लगा।');
      await page.getByLabel('Category').selectOption({ label: category.name });
      const submit = page.getByRole('button', { name: 'Submit' });
      const missing = page.getByText('Add an article image to publish', { exact: false });
      await expect(submit).toBeDisabled();
      await expect(missing).toBeVisible();
      await expect(submit).toHaveAccessibleDescription(/Add an article image to publish/);

      await image.setInputFiles({
        name: 'mela.png',
        mimeType: 'image/png',
        buffer: await makeImage(),
      });
      await expect(submit).toBeEnabled({ timeout: 30_000 });
      await expect(missing).toBeHidden();
      const created = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
      );
      await submit.click();
      const first = (await (await created).json()) as Article;
      expect(first).toMatchObject({ name: TITLE, status: 'published' });

      // A second, long story, for the alerts.
      const uploaded = await readJson<Uploaded>(
        await api.upload({ name: 'b.png', mimeType: 'image/png', buffer: await makeImage() }),
        201,
      );
      const second = await readJson<Article>(
        await api.createArticle({
          name: `Second story ${unique()}`,
          slug: `second-story-${unique()}`,
          category: category._id,
          imageUrl: uploaded.secure_url,
          description: `<p>${LONG_EN}</p>`.repeat(12),
          metaTitle: '',
          metaDescription: '',
          metaKeywords: '',
        }),
        201,
      );

      // The home card says when, relative within a day.
      await page.goto('/');
      await hydrated(page);
      const card = page.getByRole('article').filter({ hasText: TITLE }).first();
      await expect(card.locator('time')).toHaveText(/now|second|minute|ago/);
      await expect(page.getByRole('button', { name: 'Show map' })).toBeAttached();
      expect(thirdParty, 'no third party before a click').toEqual([]);

      // The map loads on its button; an unreachable host leaves no broken frame.
      await context.route(MAP_HOST, (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(page.getByText('The map could not be loaded', { exact: false })).toBeVisible();
      await expect(page.getByRole('contentinfo').locator('iframe')).toHaveCount(0);
      await context.unroute(MAP_HOST);

      // The alerts offer waits for a second story half read, in the flow after the text.
      const offer = page.getByRole('complementary', { name: 'News alerts' });
      const path = (a: Article) => `/${category.slug}/${a.slug}`;
      await page.goto(path(first));
      await hydrated(page);
      await readToTheEnd(page, true);
      await expect(offer).toBeHidden();
      await page.goto(path(second));
      await hydrated(page);
      await expect(offer).toBeHidden();
      await readToTheEnd(page, true);
      await expect(offer).toBeVisible();
      // In the flow after the story's text, measured in one frame: it covers none of it.
      const placed = await page.evaluate(() => {
        const text = document.querySelector('.article-body')!.getBoundingClientRect();
        const bar = document.querySelector('[data-push-prompt]')!;
        return {
          below: bar.getBoundingClientRect().top >= text.bottom,
          position: getComputedStyle(bar).position,
        };
      });
      expect(placed).toEqual({ below: true, position: 'static' });
      await offer.getByRole('button', { name: 'Not now' }).click();
      await expect(offer).toBeHidden();
      await page.goto(path(first));
      await hydrated(page);
      await readToTheEnd(page);
      await page.goto(path(second));
      await hydrated(page);
      await readToTheEnd(page);
      await expect(offer).toBeHidden();
      expect(thirdParty.filter((u) => !MAP_HOST.test(u))).toEqual([]);
    } finally {
      await context.close();
      await server.stop();
    }
  });
}
