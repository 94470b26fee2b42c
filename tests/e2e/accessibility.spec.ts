import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * Accessibility of the public pages (issue 4 items 1 and 10): axe-core finds no serious or
 * critical violation, and nothing scrolls sideways on a 320 px wide phone.
 */

interface Card {
  slug: string;
  name: string;
  language: 'hi' | 'en';
  category: { slug: string } | null;
}

const addressOf = (a: Card) => `/${a.category?.slug ?? 'general'}/${a.slug}`;

/** A published demo article in the given language, found through the public API. */
async function articleIn(request: APIRequestContext, language: 'hi' | 'en'): Promise<string> {
  const categories = (await (await request.get('/api/categories')).json()) as {
    _id: string;
  }[];
  for (const c of categories) {
    const page = (await (
      await request.get(`/api/articles/category-detail?categoryId=${c._id}&page=1&limit=9`)
    ).json()) as { articles: Card[] };
    const found = page.articles.find((a) => a.language === language);
    if (found) return addressOf(found);
  }
  throw new Error(`no published ${language} article`);
}

/** Runs axe on the page and fails with a readable list of serious and critical violations. */
async function expectNoSeriousViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  expect(bad, `axe violations on ${what}:\n${report}`).toEqual([]);
}

test.describe('axe-core finds no serious or critical violations', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectNoSeriousViolations(page, '/');
  });

  test('home with the Categories menu open', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Categories', { exact: true }).click();
    await expect(nav.getByRole('link', { name: "Editor's Choice" })).toBeVisible();
    await expectNoSeriousViolations(page, '/ (menu open)');
  });

  test('a category page', async ({ page }) => {
    await page.goto('/category/editors-choice');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, '/category/editors-choice');
  });

  for (const language of ['hi', 'en'] as const) {
    test(`an article page in ${language === 'hi' ? 'Hindi' : 'English'}`, async ({
      page,
      request,
    }) => {
      const address = await articleIn(request, language);
      await page.goto(address);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoSeriousViolations(page, address);
    });
  }

  for (const address of ['/login', '/signup', '/about-us', '/contact-us']) {
    test(address, async ({ page }) => {
      await page.goto(address);
      await hydrated(page);
      await expectNoSeriousViolations(page, address);
    });
  }

  test('the Not Found page', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404/);
    await page.goto('/no/such/page');
    await hydrated(page);
    await expectNoSeriousViolations(page, 'the Not Found page');
  });
});

test.describe('at 320 px wide nothing scrolls sideways', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  async function expectNoSideScroll(page: Page, what: string) {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll, `${what}: page width ${JSON.stringify(widths)}`).toBeLessThanOrEqual(320);
  }

  test('home', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectNoSideScroll(page, '/');
    // The collapsed navigation opens within the width too.
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByText('Categories', { exact: true })
      .click();
    await expectNoSideScroll(page, '/ (menu open)');
  });

  for (const language of ['hi', 'en'] as const) {
    test(`an article in ${language === 'hi' ? 'Hindi' : 'English'}`, async ({ page, request }) => {
      const address = await articleIn(request, language);
      await page.goto(address);
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSideScroll(page, address);
    });
  }

  test('a category page', async ({ page }) => {
    await page.goto('/category/editors-choice');
    await hydrated(page);
    await expectNoSideScroll(page, '/category/editors-choice');
  });
});
