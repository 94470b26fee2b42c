import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * SPEC.md §2's client screens for old addresses, during in-app navigation: the server's data
 * request is held back so the pending text can be seen, then the 301 lands on the article.
 * In-app navigation happens from the pages that run React (sign-in here); reading pages are
 * documents whose links load the next document (DECISIONS.md §13).
 */
async function navigateInApp(page: Page, path: string) {
  // A history navigation: React Router handles it in the page, without a document load.
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

test("an old article number shows 'Loading...' and then the article", async ({ page, request }) => {
  const target = (await request.get('/articles/1001', { maxRedirects: 0 })).headers()
    .location as string;
  expect(target).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await page.goto('/login'); // an app page: reading pages are documents, without in-app navigation
  await hydrated(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/articles/1001.data*', async (route) => {
    await held;
    await route.continue();
  });
  await navigateInApp(page, '/articles/1001');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  release();
  await expect(page).toHaveURL(target);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("an old slug address shows 'Redirecting...' and then the article", async ({
  page,
  request,
}) => {
  const target = (await request.get('/articles/1002', { maxRedirects: 0 })).headers()
    .location as string;
  const slug = target.split('/')[2] as string;
  await page.goto('/login'); // an app page: reading pages are documents, without in-app navigation
  await hydrated(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/article/${slug}.data*`, async (route) => {
    await held;
    await route.continue();
  });
  await navigateInApp(page, `/article/${slug}`);
  await expect(page.getByRole('status').filter({ hasText: 'Redirecting...' })).toBeVisible();
  release();
  await expect(page).toHaveURL(target);
});

test("an unknown old article shows '404 - Article Not Found' in the app", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  await page.goto('/login'); // an app page: reading pages are documents, without in-app navigation
  await hydrated(page);
  await navigateInApp(page, '/articles/987654');
  await expect(page.getByRole('heading', { name: '404 - Article Not Found' })).toBeVisible();
});
