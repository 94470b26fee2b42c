import type { Page } from '@playwright/test';
import { migratedDataDir, startServer, type RunningServer } from '../setup/spawn-server';
import {
  Api,
  test as base,
  expect,
  fillSignInForm,
  fillSignUpForm,
  hydrated,
  mainNav,
  readJson,
  sidebar,
  storedUserInfo,
  unique,
  type Account,
  type UserInfo,
  type UserList,
} from './fixtures';

/**
 * Who may enter the back office on a brand-new site (DECISIONS.md §2; issue 5 items 1 and 9):
 * the first account signed up becomes administrator, every later one is a reader who is
 * refused at /admin, and a signed-out visitor is sent to sign in and brought back.
 *
 * These journeys need an empty site, so the file runs its own server on a fresh embedded
 * database without demo content, and every page and request of the file goes to it.
 */

const test = base.extend<object, { freshServer: RunningServer }>({
  // Worker-scoped: started once for this file, stopped when its worker ends.
  freshServer: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ DATA_DIR: await migratedDataDir(), SEED_DEMO: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ freshServer }, use) => {
    await use(freshServer.url);
  },
});

// One story on one site: the second sign-up is only a reader because the first came before.
test.describe.configure({ mode: 'serial' });

const FIRST: Account = {
  name: 'First Founder',
  email: `founder-${unique()}@patrika.test`,
  password: `founder-${unique()}-pass`,
};
const SECOND: Account = {
  name: 'Second Signer',
  email: `second-${unique()}@patrika.test`,
  password: `second-${unique()}-pass`,
};

async function signUpThroughForm(page: Page, account: Account, landing: string) {
  await page.goto('/signup');
  await hydrated(page);
  await fillSignUpForm(page, account);
  await expect(page).toHaveURL(landing);
}

test('the first account signed up on an empty site becomes administrator', async ({
  page,
  request,
}) => {
  // The site really is empty: nobody can write yet.
  const before = await request.get('/api/users/authors');
  expect(await before.json()).toEqual([]);

  // The first account goes to the dashboard, which says what it now is and what to do first
  // (issue 14 item 7).
  await signUpThroughForm(page, FIRST, '/admin/dashboard?welcome=1');
  const info = await storedUserInfo(page);
  expect(info).toMatchObject({ name: FIRST.name, email: FIRST.email, role: 'administrator' });
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const welcome = page.getByRole('region', {
    name: `Welcome, ${FIRST.name}: you are this site's administrator.`,
  });
  await expect(welcome).toBeVisible();
  for (const [name, href] of [
    ['Create the categories your articles will be filed under.', '/admin/categories'],
    [
      "Check the site settings: the site's name, contact details and home sections.",
      '/admin/settings',
    ],
    ['Write the first article.', '/admin/add-article'],
  ] as const) {
    await expect(welcome.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await welcome
    .getByRole('link', { name: 'Create the categories your articles will be filed under.' })
    .click();
  await expect(page).toHaveURL('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  // The welcome is for the first landing only; the public menu offers the back office to staff.
  await page.goto('/');
  await hydrated(page);
  const nav = mainNav(page);
  await nav.getByText(FIRST.name, { exact: true }).click();
  await nav.getByRole('link', { name: 'Dashboard' }).click();

  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Welcome/ })).toHaveCount(0);
  const side = sidebar(page);
  for (const link of [
    'Dashboard',
    'Articles',
    'Media',
    'Categories',
    'Editions',
    'Sitemap',
    'Users',
    'Settings',
  ]) {
    await expect(side.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(side.getByText(FIRST.name, { exact: true })).toBeVisible();
  await expect(side.getByText('Online')).toBeVisible();

  // And the server agrees: the administrator's list of users holds exactly this account.
  const asFirst = new Api(page.request, info as UserInfo);
  const body = await readJson<UserList>(await asFirst.get('/api/users?page=1&limit=20'));
  expect(body.users).toEqual([
    expect.objectContaining({ email: FIRST.email, role: 'administrator' }),
  ]);
});

test('a second sign-up is a reader, and /admin shows "No access" with status 403', async ({
  page,
  consoleErrors,
}) => {
  // Chromium reports the 403 answers (the page and the API calls it may try) on the console.
  consoleErrors.allow(/status of 403/);
  // SPEC.md §2: everyone else's sign-up redirect defaults to /.
  await signUpThroughForm(page, SECOND, '/');
  expect(await storedUserInfo(page)).toMatchObject({ email: SECOND.email, role: 'reader' });

  // A reader's public menu has no way into the back office.
  const nav = mainNav(page);
  await nav.getByText(SECOND.name, { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  const res = await page.goto('/admin');
  expect(res?.status()).toBe(403);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(
    page.getByText(
      'Your account can read the site but not use the back office. Ask an administrator to give you the author or editor role.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  // Not a broken back office: no sidebar, no dashboard numbers.
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);

  // Every other back-office address answers the same way.
  const users = await page.goto('/admin/users');
  expect(users?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByText(FIRST.email)).toHaveCount(0);
});

test('signed out, /admin/articles asks for sign-in and then comes back to it', async ({ page }) => {
  await page.goto('/admin/articles');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Farticles');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await fillSignInForm(page, FIRST);

  await expect(page).toHaveURL('/admin/articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  // A site without demo content has no articles yet.
  await expect(page.getByRole('cell', { name: 'No articles found' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();

  // Nothing hard-coded (DECISIONS.md §7): an empty site counts nothing but its two accounts,
  // and the top bar has no draft badge.
  await sidebar(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('cell', { name: 'No categories found' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  const expected = { categories: 0, articles: 0, published: 0, drafts: 0, users: 2, views: 0 };
  for (const [label, value] of Object.entries(expected)) {
    await expect(page.getByTestId(`count-${label}`)).toHaveText(String(value));
  }
  await expect(page.getByRole('link', { name: /draft/ })).toHaveCount(0);
});
