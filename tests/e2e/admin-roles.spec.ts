import type { APIRequestContext, APIResponse, Dialog, Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN } from './accounts';
import { test as base, expect, hydrated } from './fixtures';

/**
 * Roles in the back office (DECISIONS.md §2; issue 5 items 1, 7, 9 and "each role sees exactly
 * the actions it allows, and the server refuses the rest even when called directly"): the
 * administrator gives roles in /admin/users and cannot remove the last administrator; an
 * author writes and sees only their own articles; an editor manages categories and the
 * sitemap and edits anyone's article, but not users or settings.
 *
 * Every test signs up the accounts it needs and removes the articles and categories it made.
 */

interface Session {
  _id: string;
  name: string;
  email: string;
  role: string;
  token: string;
}
interface Account {
  name: string;
  email: string;
  password: string;
}
interface Category {
  _id: string;
  name: string;
  slug: string;
}
interface Article {
  _id: string;
  name: string;
  slug: string;
  imageUrl: string;
  category: { _id: string; slug: string } | null;
  author: { _id: string; name: string } | null;
  updatedAt: string;
}
interface UserRow {
  _id: string;
  email: string;
  role: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const makeImage = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function json<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** ADMIN's API session; what it makes (and what the test hands it) is removed afterwards. */
class Admin {
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(
    readonly request: APIRequestContext,
    readonly me: Session,
  ) {}

  get(path: string) {
    return this.request.get(path, { headers: bearer(this.me) });
  }

  forgetArticle(id: string) {
    this.cleanups.push(() =>
      this.request.delete(`/api/articles/delete/${id}`, { headers: bearer(this.me) }),
    );
  }

  async cleanup() {
    for (const fn of this.cleanups.reverse()) await fn();
  }

  /** A new reader account signed up through the API (its own session, not ADMIN's). */
  async reader(label: string): Promise<Account & { _id: string }> {
    const id = unique();
    const account = {
      name: `${label} ${id}`,
      email: `${label.toLowerCase()}-${id}@patrika.test`,
      password: `pass-${id}-word`,
    };
    // Calls of this context carry ADMIN's token, so the cookie sign-up sets does not matter.
    const res = await this.request.post('/api/users/signup', { data: account });
    const session = await json<Session>(res, 201);
    expect(session.role).toBe('reader');
    return { ...account, _id: session._id };
  }

  async setRole(userId: string, role: string) {
    const res = await this.request.put(`/api/users/${userId}/role`, {
      headers: bearer(this.me),
      data: { role },
    });
    expect((await json<UserRow>(res)).role).toBe(role);
  }

  async users(): Promise<UserRow[]> {
    return (await json<{ users: UserRow[] }>(await this.get('/api/users?page=1&limit=100'))).users;
  }

  async category(): Promise<Category> {
    const name = `Aa Roles ${unique()}`;
    const res = await this.request.post('/api/categories/addCategory', {
      headers: bearer(this.me),
      data: { name, description: `Articles of ${name}.`, isHome: false },
    });
    const category = await json<Category>(res, 201);
    this.cleanups.push(() =>
      this.request.delete(`/api/categories/delete/${category._id}`, { headers: bearer(this.me) }),
    );
    return category;
  }

  async article(category: Category): Promise<Article> {
    const upload = await this.request.post('/api/media', {
      headers: bearer(this.me),
      multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: await makeImage() } },
    });
    const { secure_url } = await json<{ secure_url: string }>(upload, 201);
    const id = unique();
    const res = await this.request.post('/api/articles/article', {
      headers: bearer(this.me),
      data: {
        name: `Admin Article ${id}`,
        slug: `admin-article-${id}`,
        category: category._id,
        imageUrl: secure_url,
        description: `<p>Written by the administrator (${id}).</p>`,
      },
    });
    const article = await json<Article>(res, 201);
    this.forgetArticle(article._id);
    return article;
  }
}

const test = base.extend<{ admin: Admin }>({
  admin: async ({ playwright, baseURL, page }, use) => {
    const context = await playwright.request.newContext({ baseURL });
    const res = await context.post('/api/users/signin', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    const admin = new Admin(context, await json<Session>(res));
    await use(admin);
    // The page may still be counting a view of what is about to go (fixtures.ts).
    await page.close();
    await admin.cleanup();
    await context.dispose();
  },
});

async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>, target: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(target);
}

async function apiSession(request: APIRequestContext, account: Account): Promise<Session> {
  const res = await request.post('/api/users/signin', {
    data: { email: account.email, password: account.password },
  });
  return json<Session>(res);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

async function expectSidebar(page: Page, shown: string[], hidden: string[]) {
  const side = sidebar(page);
  for (const name of shown)
    await expect(side.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of hidden)
    await expect(side.getByRole('link', { name, exact: true })).toHaveCount(0);
}

async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toHaveText(text);
  await toast.getByRole('button', { name: 'close' }).click();
  await expect(toast).toHaveCount(0);
}

function nextDialog(page: Page, answer: 'accept' | 'dismiss'): Promise<Dialog> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      if (answer === 'accept') await dialog.accept();
      else await dialog.dismiss();
      resolve(dialog);
    });
  });
}

test.describe('the administrator in /admin/users', () => {
  test('promotes a new reader to author after a confirmation', async ({ page, request, admin }) => {
    const reader = await admin.reader('Reader');
    await signIn(page, ADMIN, '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row').first().getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Role',
      'Joined',
    ]);
    const row = page.getByRole('row').filter({ hasText: reader.email });
    await expect(row.getByRole('cell').nth(0)).toHaveText(reader.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/\d{4}/);
    const role = row.getByRole('combobox', { name: `Role: ${reader.name}` });
    await expect(role).toHaveValue('reader');

    // Cancelling the confirmation changes nothing.
    let dialog = nextDialog(page, 'dismiss');
    await role.selectOption('editor');
    expect((await dialog).message()).toBe(`Change the role of "${reader.name}" to editor?`);
    await expect(role).toHaveValue('reader');

    dialog = nextDialog(page, 'accept');
    await role.selectOption('author');
    expect((await dialog).message()).toBe(`Change the role of "${reader.name}" to author?`);
    await expectToast(page, `${reader.name} is now author.`);
    await expect(role).toHaveValue('author');

    expect((await admin.users()).find((u) => u._id === reader._id)?.role).toBe('author');
    // Now they write: they are offered as an author.
    const authors = await json<{ _id: string }[]>(await request.get('/api/users/authors'));
    expect(authors.map((a) => a._id)).toContain(reader._id);
  });

  test('cannot demote the last administrator, themself', async ({ page, admin, consoleErrors }) => {
    // The refusal is answered 409, which Chromium reports on the console.
    consoleErrors.allow(/status of 409/);
    expect((await admin.users()).filter((u) => u.role === 'administrator')).toHaveLength(1);

    await signIn(page, ADMIN, '/admin/users');
    const role = page
      .getByRole('row')
      .filter({ hasText: ADMIN.email })
      .getByRole('combobox', { name: `Role: ${ADMIN.name}` });
    await expect(role).toHaveValue('administrator');
    const dialog = nextDialog(page, 'accept');
    await role.selectOption('author');
    expect((await dialog).message()).toBe(`Change the role of "${ADMIN.name}" to author?`);
    await expectToast(
      page,
      'The site needs at least one administrator: make someone else administrator first.',
    );
    await expect(role).toHaveValue('administrator');
    expect((await admin.users()).find((u) => u._id === admin.me._id)?.role).toBe('administrator');
  });
});

test('an author writes and sees only their own articles, and is refused the rest', async ({
  page,
  request,
  admin,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // The refused screens are answered 403, which Chromium reports on the console.
  consoleErrors.allow(/status of 403/);
  const author = await admin.reader('Author');
  await admin.setRole(author._id, 'author');
  const category = await admin.category();
  const adminArticle = await admin.article(category);

  await signIn(page, author, '/admin/dashboard');
  await expectSidebar(
    page,
    ['Dashboard', 'Articles'],
    ['Categories', 'Sitemap', 'Users', 'Settings'],
  );
  await expect(sidebar(page).getByText(author.name, { exact: true })).toBeVisible();

  // Writing an article of their own, under their own name.
  await sidebar(page).getByRole('link', { name: 'Articles' }).click();
  await expect(page.getByRole('cell', { name: 'No articles found' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Article' })).toBeVisible();
  const authorSelect = page.getByLabel('Author');
  await expect(authorSelect).toBeDisabled();
  await expect(authorSelect).toHaveValue(author._id);
  const title = `Author Notebook ${unique()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').selectOption({ label: category.name });
  await page.getByLabel('Article Image').setInputFiles({
    name: 'notebook.png',
    mimeType: 'image/png',
    buffer: await makeImage(),
  });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await page.getByRole('textbox', { name: 'Article Description' }).click();
  await page.keyboard.type('My first piece for the magazine.');
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const own = (await res.json()) as Article;
  admin.forgetArticle(own._id);
  await expectToast(page, 'Success! Article added successfully.');
  expect(own.author).toEqual({ _id: author._id, name: author.name });

  // The list holds their article and nobody else's.
  await sidebar(page).getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL('/admin/articles');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell')).toHaveText(['1', title, 'Published', /Edit.*Delete/]);
  await expect(page.getByText(adminArticle.name)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  // Users and categories are not theirs: the API refuses, the page says so and shows no data.
  const usersAnswer = page.waitForResponse((r) => r.url().includes('/api/users?'));
  await page.goto('/admin/users');
  const usersRes = await usersAnswer;
  expect(usersRes.status()).toBe(403);
  const usersMessage = ((await usersRes.json()) as { message: string }).message;
  const failure = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(usersMessage);
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(sidebar(page)).toBeVisible();

  const categoriesAnswer = page.waitForResponse((r) =>
    r.url().includes('/api/categories/admin-categories'),
  );
  await page.goto('/admin/categories');
  const categoriesRes = await categoriesAnswer;
  expect(categoriesRes.status()).toBe(403);
  const categoriesMessage = ((await categoriesRes.json()) as { message: string }).message;
  await expect(
    page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }),
  ).toContainText(categoriesMessage);
  await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await expect(page.getByText(category.name)).toHaveCount(0);

  // Called directly, the API refuses to let the author touch the administrator's article.
  const session = await apiSession(request, author);
  const edit = await request.put(`/api/articles/${adminArticle._id}`, {
    headers: bearer(session),
    data: {
      name: 'Taken over by an author',
      category: category._id,
      imageUrl: adminArticle.imageUrl,
      description: '<p>Not theirs.</p>',
    },
  });
  expect(edit.status()).toBe(403);
  expect(((await edit.json()) as { message: string }).message).toBe(
    'Authors can change and delete only their own articles.',
  );
  const remove = await request.delete(`/api/articles/delete/${adminArticle._id}`, {
    headers: bearer(session),
  });
  expect(remove.status()).toBe(403);
  const stored = await json<Article>(await admin.get(`/api/articles/article/${adminArticle._id}`));
  expect(stored.name).toBe(adminArticle.name);
});

test('an editor manages categories and the sitemap, edits any article, but not users', async ({
  page,
  request,
  admin,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/status of 403/);
  const editor = await admin.reader('Editor');
  await admin.setRole(editor._id, 'editor');
  const category = await admin.category();
  const adminArticle = await admin.article(category);

  await signIn(page, editor, '/admin/dashboard');
  await expectSidebar(
    page,
    ['Dashboard', 'Articles', 'Categories', 'Sitemap'],
    ['Users', 'Settings'],
  );
  // The site's numbers are theirs to see.
  await expect(page.getByRole('img', { name: 'Views per day, last 30 days' })).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('button', { name: 'Add Category' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: category.name })).toHaveCount(1);
  await sidebar(page).getByRole('link', { name: 'Sitemap' }).click();
  await expect(page.getByRole('button', { name: 'Generate Sitemap' })).toBeEnabled();

  // The administrator's article, edited by the editor.
  await page.goto(`/admin/edit-article/${adminArticle._id}`);
  await hydrated(page);
  const titleField = page.getByLabel('Title', { exact: true });
  await expect(titleField).toHaveValue(adminArticle.name);
  await expect(page.getByLabel('Author')).toBeEnabled();
  const newTitle = `${adminArticle.name} (edited by the editor)`;
  await titleField.fill(newTitle);
  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Success! Article updated successfully.');
  await expect(page).toHaveURL('/admin/articles');
  await expect(page.getByRole('row').filter({ hasText: newTitle })).toHaveCount(1);
  const stored = await json<Article>(await admin.get(`/api/articles/article/${adminArticle._id}`));
  expect(stored.name).toBe(newTitle);
  expect(stored.author?._id).toBe(admin.me._id);

  // Users and settings stay the administrator's.
  await page.goto('/admin/users');
  await expect(
    page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }),
  ).toBeVisible();
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);
  // Settings too: the server refuses the editor, and the screen must not offer the form
  // (issue 5: each role sees exactly the actions it allows).
  const session = await apiSession(request, editor);
  const put = await request.put('/api/settings', {
    headers: bearer(session),
    data: { shortName: 'Taken' },
  });
  expect(put.status()).toBe(403);
  await page.goto('/admin/settings');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
});
