import type { Page, Response } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { addressOf, expect, hydrated, publishedArticleIn, test } from './fixtures';

/**
 * Lighthouse-style budgets checked in CI (issue 4, Acceptance): the article page ships at most
 * 150 KB of compressed JavaScript, nothing shifts once drawn (CLS < 0.1), and images reserve
 * their space and load responsively.
 */

const JS_BUDGET_BYTES = 150 * 1024;
const CLS_BUDGET = 0.1;

/** Waits until the page is drawn in full: hydrated, network quiet, fonts and images ready. */
async function settled(page: Page) {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < innerHeight)
        .map((img) => img.decode().catch(() => undefined)),
    );
    // Two frames, so any shift caused by the above is laid out and reported.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

test.describe('JavaScript budget', () => {
  test('the article page ships at most 150 KB of compressed JavaScript', async ({ page, api }) => {
    const article = await publishedArticleIn(api, 'hi');
    const scripts: Response[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const contentType = res.headers()['content-type'] ?? '';
      if (type === 'script' || /javascript/.test(contentType)) scripts.push(res);
    });
    await page.goto(addressOf(article));
    await settled(page);
    expect(scripts.length).toBeGreaterThan(0);

    let transferred = 0;
    let gzipped = 0;
    const rows: string[] = [];
    for (const res of scripts) {
      const url = new URL(res.url());
      expect(url.origin, 'scripts come from the site itself').toBe(new URL(page.url()).origin);
      const body = await res.body();
      const { responseBodySize } = await res.request().sizes();
      const encoding = res.headers()['content-encoding'] ?? 'identity';
      // Anything worth compressing travels compressed.
      if (body.length > 1024)
        expect(['gzip', 'br'], `${url.pathname} encoding`).toContain(encoding);
      transferred += responseBodySize;
      gzipped += gzipSync(body, { level: 9 }).length;
      rows.push(`${url.pathname}: ${responseBodySize} B (${encoding}), ${body.length} B raw`);
    }
    const report = `${rows.join('\n')}\ntotal transferred ${transferred} B, gzip -9 ${gzipped} B`;
    await test.info().attach('scripts', { body: report, contentType: 'text/plain' });
    expect(transferred, report).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(gzipped, report).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
});

test.describe('layout shift', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      w.__cls = 0;
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          const nodes = (entry.sources ?? [])
            .map((s) =>
              s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : s.node?.nodeName,
            )
            .join(' | ');
          w.__shifts.push(`${entry.value.toFixed(4)} ${nodes}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  });

  async function cumulativeShift(page: Page) {
    const result = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    await test.info().attach('layout shifts', {
      body: `CLS ${result.cls}\n${result.shifts.join('\n')}`,
      contentType: 'text/plain',
    });
    return result;
  }

  test('the article page stays put while it loads and hydrates', async ({ page, api }) => {
    const article = await publishedArticleIn(api, 'hi');
    await page.goto(addressOf(article));
    await settled(page);
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, shifts.join('\n')).toBeLessThan(CLS_BUDGET);
  });

  test('the English article page stays put while it loads and hydrates', async ({ page, api }) => {
    const article = await publishedArticleIn(api, 'en');
    await page.goto(addressOf(article));
    await settled(page);
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, shifts.join('\n')).toBeLessThan(CLS_BUDGET);
  });

  test('the home page stays put while it loads and hydrates', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    const { cls, shifts } = await cumulativeShift(page);
    expect(cls, shifts.join('\n')).toBeLessThan(CLS_BUDGET);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the article page stays put while it loads and hydrates', async ({ page, api }) => {
      const article = await publishedArticleIn(api, 'hi');
      await page.goto(addressOf(article));
      await settled(page);
      const { cls, shifts } = await cumulativeShift(page);
      expect(cls, shifts.join('\n')).toBeLessThan(CLS_BUDGET);
    });
  });
});

test.describe('images', () => {
  test('article page images reserve their size and the first one loads with high priority', async ({
    page,
    api,
  }) => {
    const article = await publishedArticleIn(api, 'hi');
    await page.goto(addressOf(article));
    await hydrated(page);
    const images = page.locator('img');
    const n = await images.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const img = images.nth(i);
      const src = await img.getAttribute('src');
      await expect(img, `width of ${src}`).toHaveAttribute('width', /^\d+$/);
      await expect(img, `height of ${src}`).toHaveAttribute('height', /^\d+$/);
    }
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    // The first image is the article's own.
    await expect(images.first()).toHaveAttribute('alt', article.name);
    // No other image competes with it.
    for (let i = 1; i < n; i++) {
      await expect(images.nth(i)).not.toHaveAttribute('fetchpriority', 'high');
    }
  });

  test('the article image has a srcset of width descriptors from the hosted variants', async ({
    page,
    api,
  }) => {
    const card = await publishedArticleIn(api, 'en');
    const article = await api.article(card._id);
    expect(article.image?.variants.length ?? 0).toBeGreaterThan(0);
    await page.goto(addressOf(card));
    await hydrated(page);
    const img = page.getByRole('main').getByRole('img', { name: article.name });
    const srcset = (await img.getAttribute('srcset')) ?? '';
    const candidates = srcset.split(',').map((c) => c.trim());
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) expect(c).toMatch(/^\S+ \d+w$/);
    for (const v of article.image?.variants ?? []) {
      expect(candidates).toContain(`${v.url} ${v.width}w`);
    }
    await expect(img).toHaveAttribute('sizes', /\S/);
    await expect(img).toHaveAttribute('width', String(article.image?.width));
    await expect(img).toHaveAttribute('height', String(article.image?.height));
    // The browser picked one of the candidates and drew it.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    const current = await img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname);
    expect(candidates.map((c) => c.split(' ')[0])).toContain(current);
  });
});
