import type { Page } from '@playwright/test';
import type { Role } from '../../common/roles';
import {
  ADMIN,
  Api,
  type Article,
  expect,
  expectToast,
  hydrated,
  makeImage,
  openSignedIn,
  readJson,
  savedThenBackToList,
  sidebar,
  test,
  unique,
} from './fixtures';

/**
 * Roles in the back office (DECISIONS.md §2; issue 5 items 1, 7, 9 and "each role sees exactly
 * the actions it allows, and the server refuses the rest even when called directly"): the
 * administrator gives roles in /admin/users and cannot remove the last administrator; an
 * author writes and sees only their own articles; an editor manages categories and the
 * sitemap and edits anyone's article, but not users or settings.
 *
 * Every test signs up the accounts it needs (the `make` fixture) and removes the articles and
 * categories it made.
 */

async function expectSidebar(page: Page, shown: string[], hidden: string[]) {
  const side = sidebar(page);
  for (const name of shown)
    await expect(side.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of hidden)
    await expect(side.getByRole('link', { name, exact: true })).toHaveCount(0);
}

/**
 * A back-office screen above the signed-in role: the server answers 403 with "No access", naming
 * the role the screen needs, inside the shell (the sidebar stays).
 */
async function expectNoAccess(page: Page, address: string, needs: Role) {
  const answer = await page.goto(address);
  expect(answer?.status(), address).toBe(403);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByText(`This screen needs the ${needs} role or higher.`)).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
}

test.describe('the administrator in /admin/users', () => {
  test('promotes a new reader to author after a confirmation', async ({
    page,
    request,
    admin,
    make,
  }) => {
    const reader = await make.account({ label: 'Reader' });
    await openSignedIn(page, ADMIN, '/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('row').first().getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Role',
      'Joined',
      'Password',
    ]);
    const row = page.getByRole('row').filter({ hasText: reader.email });
    await expect(row.getByRole('cell').nth(0)).toHaveText(reader.name);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/\d{4}/);
    const role = row.getByRole('combobox', { name: `Role: ${reader.name}` });
    await expect(role).toHaveValue('reader');

    // The question is asked in a dialog of the page, labelled by it, focus inside it.
    await role.focus();
    await role.selectOption('editor');
    let dialog = page.getByRole('dialog', {
      name: `Change the role of "${reader.name}" to editor?`,
    });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change role' })).toBeFocused();
    // Cancelling it changes nothing and gives the focus back to the select.
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(role).toHaveValue('reader');
    await expect(role).toBeFocused();
    // Escape cancels too.
    await role.selectOption('administrator');
    dialog = page.getByRole('dialog', {
      name: `Change the role of "${reader.name}" to administrator?`,
    });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(role).toHaveValue('reader');
    expect((await admin.users()).find((u) => u._id === reader._id)?.role).toBe('reader');

    await role.selectOption('author');
    dialog = page.getByRole('dialog', { name: `Change the role of "${reader.name}" to author?` });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, `${reader.name} is now author.`);
    await expect(dialog).toBeHidden();
    await expect(role).toHaveValue('author');

    expect((await admin.users()).find((u) => u._id === reader._id)?.role).toBe('author');
    // Now they write: they are offered as an author.
    const authors = await readJson<{ _id: string }[]>(await request.get('/api/users/authors'));
    expect(authors.map((a) => a._id)).toContain(reader._id);
  });

  test('sets a new password for someone who lost theirs; the old one stops working', async ({
    page,
    request,
    make,
  }) => {
    const reader = await make.account({ label: 'Forgetful' });
    await openSignedIn(page, ADMIN, '/admin/users');
    const row = page.getByRole('row').filter({ hasText: reader.email });
    const fresh = 'a brand new password';
    const dialog = page.waitForEvent('dialog', {
      predicate: async (d) => {
        await d.accept(fresh);
        return true;
      },
    });
    await row.getByRole('button', { name: `Set password: ${reader.name}` }).click();
    expect((await dialog).message()).toBe(
      `A new password for "${reader.name}" (at least 8 characters). Their current sessions end.`,
    );
    await expectToast(page, `The password of ${reader.name} is set.`);

    const signInWith = (password: string) =>
      request.post('/api/users/signin', { data: { email: reader.email, password } });
    expect((await signInWith(reader.password)).status()).toBe(401);
    expect((await signInWith(fresh)).status()).toBe(200);
  });

  test('cannot demote the last administrator, themself', async ({ page, admin, consoleErrors }) => {
    // The refusal is answered 409, which Chromium reports on the console.
    consoleErrors.allow(/status of 409/);
    expect((await admin.users()).filter((u) => u.role === 'administrator')).toHaveLength(1);

    await openSignedIn(page, ADMIN, '/admin/users');
    const role = page
      .getByRole('row')
      .filter({ hasText: ADMIN.email })
      .getByRole('combobox', { name: `Role: ${ADMIN.name}` });
    await expect(role).toHaveValue('administrator');
    await role.selectOption('author');
    await page
      .getByRole('dialog', { name: `Change the role of "${ADMIN.name}" to author?` })
      .getByRole('button', { name: 'Change role' })
      .click();
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
  make,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // The refused screens are answered 403, which Chromium reports on the console.
  consoleErrors.allow(/status of 403/);
  const author = await make.account({ label: 'Author', role: 'author' });
  const category = await make.category();
  const adminArticle = await make.article(category);

  await openSignedIn(page, author, '/admin/dashboard');
  await expectSidebar(
    page,
    ['Dashboard', 'Articles', 'Media'],
    ['Categories', 'Sitemap', 'Newsletters', 'Users', 'Settings', 'Webhooks', 'API keys'],
  );
  await expect(sidebar(page).getByText(author.name, { exact: true })).toBeVisible();

  // Writing an article of their own, under their own name.
  await sidebar(page).getByRole('link', { name: 'Articles' }).click();
  await expect(page.getByRole('cell', { name: 'No articles found' })).toBeVisible();
  await page.getByRole('link', { name: 'Add Article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Article' })).toBeVisible();
  const authorSelect = page.getByLabel('Author', { exact: true });
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
  make.forgetArticle(own._id);
  await expectToast(page, 'Success! Article added successfully.');
  expect(own.author).toEqual({ _id: author._id, name: author.name, slug: expect.any(String) });

  // The list holds their article and nobody else's.
  await sidebar(page).getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL('/admin/articles');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell')).toHaveText([
    '1',
    new RegExp(`^${title}`),
    'Published',
    /^Published .*Updated/,
    '0',
    /View.*Edit.*Delete/,
  ]);
  await expect(page.getByText(adminArticle.name)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);

  // Users and categories are not theirs: the server answers "No access" with 403 before any
  // data is asked for (issue 8 §4), and the screen shows none.
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(users\?|categories\/admin-categories)/.test(r.url())) adminCalls.push(r.url());
  });
  for (const [path, role] of [
    ['/admin/users', 'administrator'],
    ['/admin/categories', 'editor'],
  ] as const) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page.getByText(`This screen needs the ${role} role or higher.`)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(sidebar(page)).toBeVisible();
  }
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await expect(page.getByText(category.name)).toHaveCount(0);
  expect(adminCalls).toEqual([]);

  // Another author's article: the edit form is refused the same way, not just its Update.
  const refused = await page.goto(`/admin/edit-article/${adminArticle._id}`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);

  // Called directly, the API refuses to let the author touch the administrator's article.
  const asAuthor = await Api.signIn(request, author);
  const edit = await asAuthor.updateArticle(adminArticle._id, {
    name: 'Taken over by an author',
    category: category._id,
    imageUrl: adminArticle.imageUrl,
    description: '<p>Not theirs.</p>',
  });
  expect(edit.status()).toBe(403);
  expect(((await edit.json()) as { message: string }).message).toBe(
    'Authors can change and delete only their own articles.',
  );
  const remove = await asAuthor.deleteArticle(adminArticle._id);
  expect(remove.status()).toBe(403);
  const stored = await admin.article(adminArticle._id);
  expect(stored.name).toBe(adminArticle.name);
});

test('an editor manages categories and the sitemap, edits any article, but not users', async ({
  page,
  request,
  admin,
  make,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/status of 403/);
  const editor = await make.account({ label: 'Editor', role: 'editor' });
  const category = await make.category();
  const adminArticle = await make.article(category);
  // A view, so the dashboard has a chart to draw (Chromium's own page loads are a headless
  // browser's, which analytics does not count: issue 38).
  expect((await admin.post(`/api/articles/${adminArticle._id}/view`, {})).status()).toBe(200);
  await expect.poll(async () => (await admin.article(adminArticle._id)).views).toBe(1);

  await openSignedIn(page, editor, '/admin/dashboard');
  await expectSidebar(
    page,
    ['Dashboard', 'Articles', 'Media', 'Categories', 'Sitemap', 'Newsletters'],
    ['Users', 'Settings', 'Webhooks', 'API keys', 'Editions'],
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
  await expect(page.getByLabel('Author', { exact: true })).toBeEnabled();
  const newTitle = `${adminArticle.name} (edited by the editor)`;
  await titleField.fill(newTitle);
  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Success! Article updated successfully.');
  await savedThenBackToList(page);
  await expect(page.getByRole('row').filter({ hasText: newTitle })).toHaveCount(1);
  const stored = await admin.article(adminArticle._id);
  expect(stored.name).toBe(newTitle);
  expect(stored.author?._id).toBe(admin.me._id);

  // Users and settings stay the administrator's.
  await expectNoAccess(page, '/admin/users', 'administrator');
  // The tree of editions is the administrators' (issue 65 item 1).
  await expectNoAccess(page, '/admin/editions', 'administrator');
  await expect(page.getByText(ADMIN.email)).toHaveCount(0);
  // Settings too: the server refuses the editor, and the screen must not offer the form
  // (issue 5: each role sees exactly the actions it allows).
  const asEditor = await Api.signIn(request, editor);
  const put = await asEditor.updateSettings({ shortName: 'Taken' });
  expect(put.status()).toBe(403);
  await page.goto('/admin/settings');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
});
