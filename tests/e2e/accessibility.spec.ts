import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './axe';
import type { Page } from '@playwright/test';
import {
  addressOf,
  categoriesToggle,
  expect,
  expectNoSideScroll,
  hydrated,
  mainNav,
  menuToggle,
  publishedArticleIn,
  test,
} from './fixtures';

/**
 * Accessibility of the public pages (issue 4 items 1 and 10): axe-core finds no serious or
 * critical violation, and nothing scrolls sideways on a 320 px wide phone.
 */

/** Runs axe on the page and fails with a readable list of serious and critical violations. */
async function expectNoSeriousViolations(page: Page, what: string) {
  const bad = await seriousViolations(new AxeBuilder({ page }));
  expect(bad, `axe violations on ${what}:\n${bad.join('\n')}`).toEqual([]);
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
    const nav = mainNav(page);
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
    test(`an article page in ${language === 'hi' ? 'Hindi' : 'English'}`, async ({ page, api }) => {
      const address = addressOf(await publishedArticleIn(api, language));
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

  test('home', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await expectNoSideScroll(page, '/');
    // The collapsed navigation opens within the width too.
    await menuToggle(page).click();
    await expect(mainNav(page).getByRole('link', { name: 'About Us' })).toBeVisible();
    await categoriesToggle(page).click();
    await expectNoSideScroll(page, '/ (menu open)');
  });

  for (const language of ['hi', 'en'] as const) {
    test(`an article in ${language === 'hi' ? 'Hindi' : 'English'}`, async ({ page, api }) => {
      const address = addressOf(await publishedArticleIn(api, language));
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
