import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { USER_INFO_KEY } from '../../app/features/session/user-info';
import {
  ADMIN,
  type AdminArticleList,
  type Api,
  type Article,
  type Category,
  clickUpdate,
  expect,
  expectToast,
  type Factory,
  fillSignInForm,
  hydrated,
  makeImage,
  nextDialog,
  openSignedIn,
  readJson,
  savedThenBackToList,
  sidebar,
  storedUserInfo,
  test,
  unique,
} from './fixtures';

/**
 * An editor's day in the back office, as the site's administrator (issue 5 items 1–6, 8, 9;
 * SPEC.md §2, §4, §5, §8, §9; DECISIONS.md §3, §4, §7, §8): categories in their modals, an
 * article written with a heading, a table and an inline image, published, read on the public
 * site, moved to a new address, deleted; pagination; never losing work; the sitemap download;
 * real dashboard numbers; site settings; the admin not-found page and Log Out.
 *
 * Every test makes the categories and articles it relies on (in the browser, or through the
 * API with the `make` fixture) and removes what is left of them afterwards.
 */

test.describe('categories', () => {
  test('are added and edited in the modal, with its required fields and server errors', async ({
    page,
    admin,
    make,
    consoleErrors,
  }) => {
    // The duplicate name is answered 409, which Chromium reports on the console.
    consoleErrors.allow(/status of 409/);
    const name = `Aa Monsoon ${unique()}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/categories/addCategory'))
        posts.push(r.url());
    });

    await openSignedIn(page, ADMIN, '/admin/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('row').first().getByRole('columnheader')).toHaveText([
      'S.No.',
      'Name',
      'Inside',
      'Is Home',
      'Actions',
    ]);

    await page.getByRole('button', { name: 'Add Category' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Category' });
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Show on the home page')).not.toBeChecked();

    // Name and description are required: an empty or half-filled modal sends nothing.
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeVisible();
    expect(
      await modal
        .getByLabel('Name')
        .evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    await modal.getByLabel('Name').fill(name);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal).toBeVisible();
    expect(
      await modal
        .getByLabel('Description')
        .evaluate((el) => (el as HTMLTextAreaElement).validity.valueMissing),
    ).toBe(true);
    expect(posts).toEqual([]);

    await modal.getByLabel('Description').fill('Rain, rivers and the smell of wet earth.');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/categories/addCategory'),
    );
    await modal.getByRole('button', { name: 'Save' }).click();
    const category = (await (await created).json()) as Category;
    make.forgetCategory(category._id);
    await expectToast(page, 'Category added successfully!');
    await expect(modal).toBeHidden();
    // The list was reloaded and shows the new category, not on the home page.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([/^\d+$/, name, '—', 'No', /Edit.*Delete/]);
    expect(category).toMatchObject({ name, isHome: false });

    // The form was reset: the next Add starts empty.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(modal.getByLabel('Name')).toHaveValue('');
    await expect(modal.getByLabel('Description')).toHaveValue('');

    // The same name again: the server's message, and the modal stays open with the input.
    await modal.getByLabel('Name').fill(name);
    await modal.getByLabel('Description').fill('A second one with the same name.');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Error: A category named "${name}" already exists.`);
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Name')).toHaveValue(name);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

    // Edit in the modal: the fields come filled in; saving shows the same toast.
    const renamed = `${name} Edited`;
    await row.getByRole('button', { name: `Edit: ${name}` }).click();
    const editModal = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(editModal.getByLabel('Name')).toHaveValue(name);
    await expect(editModal.getByLabel('Description')).toHaveValue(
      'Rain, rivers and the smell of wet earth.',
    );
    await editModal.getByLabel('Name').fill(renamed);
    await editModal.getByLabel('Show on the home page').check();
    await editModal.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Category added successfully!');
    await expect(editModal).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: renamed }).getByRole('cell')).toHaveText([
      /^\d+$/,
      renamed,
      '—',
      'Yes',
      /Edit.*Delete/,
    ]);
    const stored = await admin.categories();
    expect(stored.find((c) => c._id === category._id)).toMatchObject({
      name: renamed,
      isHome: true,
    });
  });

  test('an empty category is deleted after the confirmation; one with articles is refused', async ({
    page,
    admin,
    make,
    consoleErrors,
  }) => {
    // The refused delete is answered 409, which Chromium reports on the console.
    consoleErrors.allow(/status of 409/);
    const empty = await make.category({ name: `Aa Empty ${unique()}` });
    const busy = await make.category({ name: `Aa Busy ${unique()}` });
    await make.article(busy);

    await openSignedIn(page, ADMIN, '/admin/categories');
    const emptyRow = page.getByRole('row').filter({ hasText: empty.name });
    await expect(emptyRow).toHaveCount(1);

    // Cancelling the confirmation keeps the category.
    let dialog = nextDialog(page, 'dismiss');
    await emptyRow.getByRole('button', { name: `Delete: ${empty.name}` }).click();
    expect((await dialog).message()).toBe(
      `Are you sure you want to delete category "${empty.name}"?`,
    );
    await expect(emptyRow).toHaveCount(1);

    dialog = nextDialog(page, 'accept');
    await emptyRow.getByRole('button', { name: `Delete: ${empty.name}` }).click();
    expect((await dialog).message()).toBe(
      `Are you sure you want to delete category "${empty.name}"?`,
    );
    await expectToast(page, `Category "${empty.name}" deleted.`);
    await expect(emptyRow).toHaveCount(0);
    const left = await admin.categories();
    expect(left.map((c) => c._id)).not.toContain(empty._id);

    // A category that still has an article: the refusal names the count, nothing is deleted.
    const busyRow = page.getByRole('row').filter({ hasText: busy.name });
    dialog = nextDialog(page, 'accept');
    await busyRow.getByRole('button', { name: `Delete: ${busy.name}` }).click();
    expect((await dialog).message()).toBe(
      `Are you sure you want to delete category "${busy.name}"?`,
    );
    await expectToast(
      page,
      `Category "${busy.name}" still has 1 article. Move or delete it first.`,
    );
    await expect(busyRow).toHaveCount(1);
    const still = await admin.categories();
    expect(still.map((c) => c._id)).toContain(busy._id);
  });

  test('one goes inside another with its Hindi name; a category with one inside it stays at the top', async ({
    page,
    make,
    consoleErrors,
  }) => {
    // The refused move is answered 400, which Chromium reports on the console.
    consoleErrors.allow(/status of 400/);
    const state = await make.category({ name: `Aa State ${unique()}` });
    const other = await make.category({ name: `Aa Other ${unique()}` });
    const name = `Aa City ${unique()}`;

    await openSignedIn(page, ADMIN, '/admin/categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Category' });
    await modal.getByLabel('Name', { exact: true }).fill(name);
    await modal.getByLabel('Hindi', { exact: true }).fill('शहर');
    await modal.getByLabel('Description').fill('A city of the state.');
    await modal.getByLabel('Inside').selectOption({ label: state.name });
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/categories/addCategory'),
    );
    await modal.getByRole('button', { name: 'Save' }).click();
    const city = (await (await created).json()) as Category;
    make.forgetCategory(city._id);
    await expectToast(page, 'Category added successfully!');
    expect(city).toMatchObject({ name, nameHi: 'शहर', parentId: state._id });
    // The list names the city's parent.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([/^\d+$/, name, state.name, 'No', /Edit/]);

    // The state has the city inside it: the server's refusal shows under the field.
    await page.getByRole('button', { name: `Edit: ${state.name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByLabel('Inside').selectOption({ label: other.name });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(
      edit.getByText(
        `"${state.name}" has sections of its own (${name}): a category with sections cannot be put inside another.`,
      ),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
  });
});

test.describe('articles', () => {
  test('written with a heading, a table and an inline image, published, moved and deleted', async ({
    page,
    request,
    admin,
    make,
  }) => {
    test.setTimeout(120_000);
    const category = await make.category({ name: `Aa Diary ${unique()}` });
    const id = unique();
    const title = `E2E Monsoon Diary ${id}`;
    const slug = `e2e-monsoon-diary-${id}`;

    await openSignedIn(page, ADMIN, '/admin/articles');
    await page.getByRole('link', { name: 'Add Article' }).click();
    await expect(page).toHaveURL(/\/admin\/add-article\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Article' })).toBeVisible();

    const submit = page.getByRole('button', { name: 'Submit' });
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    const imageInput = page.getByLabel('Article Image');

    await test.step('Submit waits for an uploaded image; the upload shows its progress', async () => {
      await expect(submit).toBeDisabled();
      await expect(progress).toHaveCount(0);
      // The author defaults to the signed-in user.
      await expect(page.getByLabel('Author', { exact: true })).toHaveValue(admin.me._id);
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/media'));
      await imageInput.setInputFiles({
        name: 'monsoon.png',
        mimeType: 'image/png',
        buffer: await makeImage('png'),
      });
      expect((await uploaded).status()).toBe(201);
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      await expect(progress).toHaveText('100%');
      await expect(submit).toBeEnabled();
    });

    await test.step('the title suggests the English slug; the category is picked', async () => {
      await page.getByLabel('Title', { exact: true }).fill(title);
      await expect(page.getByLabel('English')).toHaveValue(slug);
      await page.getByLabel('Category').selectOption({ label: category.name });
      // The search and sharing fields are folded until asked for (issue 45 item 2).
      await page.getByText('Search and sharing', { exact: true }).click();
      await page.getByLabel('Meta Title').fill(`${title} | Patrika`);
      await page.getByLabel('Meta Keywords (comma separated)').fill('monsoon, diary, rain');
      await page.getByLabel('Meta Description').fill('Notes from a rainy week.');
    });

    let inlineSrc = '';
    await test.step('the editor takes text, an H2 heading, an inline image and a table', async () => {
      const editor = page.getByRole('textbox', { name: 'Article Description' });
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      await editor.click();
      await page.keyboard.type('The first rain arrived on a Tuesday.');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'H2', exact: true }).click();
      await page.keyboard.type('What the river said');
      await expect(
        editor.getByRole('heading', { level: 2, name: 'What the river said' }),
      ).toBeVisible();
      await expect(toolbar.getByRole('button', { name: 'H2', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.keyboard.press('Enter');
      await page.keyboard.type('It rose by a metre overnight.');

      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/media'));
      const chooser = page.waitForEvent('filechooser');
      await toolbar.getByRole('button', { name: 'Image', exact: true }).click();
      await (
        await chooser
      ).setFiles({
        name: 'river.jpg',
        mimeType: 'image/jpeg',
        buffer: await makeImage('jpeg', '#1e6bb3'),
      });
      const media = await uploaded;
      expect(media.status()).toBe(201);
      inlineSrc = ((await media.json()) as { secure_url: string }).secure_url;
      // The image goes in once it is described (issue 9 item 8).
      const describe = page.getByRole('dialog', { name: 'Describe the image' });
      await describe.getByLabel('Alt text').fill('The river at its highest');
      await describe.getByRole('button', { name: 'Insert' }).click();
      const inline = editor.locator(`img[src="${inlineSrc}"]`);
      await expect(inline).toHaveCount(1);

      // The inserted image is selected; put the cursor back after the text so the table
      // goes between the text and the image instead of replacing the image.
      await editor.getByText('It rose by a metre overnight.').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await toolbar.getByRole('button', { name: 'Table', exact: true }).click();
      await expect(editor.getByRole('table')).toHaveCount(1);
      await page.keyboard.type('River level');
      await expect(editor.getByRole('columnheader', { name: 'River level' })).toBeVisible();
      await expect(inline).toHaveCount(1);
    });

    let article: Article | undefined;
    await test.step('Submit publishes the article and opens its edit page', async () => {
      const created = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
      );
      await submit.click();
      const res = await created;
      expect(res.status()).toBe(201);
      article = (await res.json()) as Article;
      make.forgetArticle(article._id);
      await expectToast(page, 'Success! Article added successfully.');
      expect(article).toMatchObject({
        name: title,
        slug,
        status: 'published',
        category: { _id: category._id, slug: category.slug },
        author: { _id: admin.me._id, name: ADMIN.name },
      });
      // The edit page of the new article, with its final slug and where it lives.
      await expect(page).toHaveURL(`/admin/edit-article/${article?._id}`);
      await expect(
        page.getByRole('status').filter({ hasText: `Its address: ${slug}` }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open it' })).toHaveAttribute(
        'href',
        `/${category.slug}/${slug}`,
      );
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      // Saved work is no longer kept as a draft: a reload offers nothing to restore.
      await page.reload();
      await hydrated(page);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      await expect(page.getByText(/unsaved draft/)).toHaveCount(0);
    });
    const saved = article as Article;

    await test.step('the public site shows the heading, the table and the image', async () => {
      await page.goto(`/${category.slug}/${slug}`);
      await hydrated(page);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(main.getByText('The first rain arrived on a Tuesday.')).toBeVisible();
      await expect(
        main.getByRole('heading', { level: 2, name: 'What the river said' }),
      ).toBeVisible();
      await expect(
        main.getByRole('table').getByRole('columnheader', { name: 'River level' }),
      ).toBeVisible();
      // Readers get the body image as a resized variant of the upload (ADR 026), with its alt.
      const inline = main.getByRole('img', { name: 'The river at its highest' });
      await expect(inline).toHaveCount(1);
      await inline.scrollIntoViewIfNeeded();
      await expect
        .poll(() => inline.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const shown = await inline.evaluate((img) => (img as HTMLImageElement).currentSrc);
      const folder = inlineSrc.slice(0, inlineSrc.lastIndexOf('/') + 1);
      const path = new URL(shown).pathname;
      expect(path.startsWith(folder), path).toBe(true);
      expect(path).toMatch(/\/w\d+\.(avif|webp)$/);
    });

    await test.step('the admin list shows it first, with S.No., Status, Date and Views', async () => {
      await page.goto('/admin/articles');
      await hydrated(page);
      await expect(page.getByRole('row').first().getByRole('columnheader')).toHaveText([
        'S.No.',
        'Title',
        'Status',
        'Date',
        'Views',
        'Actions',
      ]);
      const row = page.getByRole('row').filter({ hasText: title });
      const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(row.getByRole('cell')).toHaveText([
        '1',
        new RegExp(`^${escaped}`),
        'Published',
        /^Published \d.*Updated \d/,
        /^\d+$/,
        /View.*Edit.*Delete/,
      ]);
    });

    const newSlug = `${slug}-updated`;
    await test.step('Edit changes the slug; Update goes back to the list', async () => {
      await page.getByRole('link', { name: `Edit: ${title}` }).click();
      await expect(page).toHaveURL(`/admin/edit-article/${saved._id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Article' })).toBeVisible();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
      const slugField = page.getByLabel('English');
      await expect(slugField).toHaveValue(slug);
      await expect(slugField).toHaveAccessibleDescription(
        'Changing it keeps the old address working as a permanent redirect.',
      );
      await expect(page.getByRole('button', { name: 'Update' })).toBeEnabled();
      await slugField.fill(newSlug);
      await page.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, 'Success! Article updated successfully.');
      await savedThenBackToList(page);
    });

    await test.step('the old address answers 301 to the new one', async () => {
      const old = await request.get(`/${category.slug}/${slug}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(`/${category.slug}/${newSlug}`);
      const current = await request.get(`/${category.slug}/${newSlug}`);
      expect(current.status()).toBe(200);
      expect(await current.text()).toContain('What the river said');
    });

    await test.step('Delete asks first, then removes it everywhere', async () => {
      const row = page.getByRole('row').filter({ hasText: title });
      let dialog = nextDialog(page, 'dismiss');
      await row.getByRole('button', { name: `Delete: ${title}` }).click();
      expect((await dialog).message()).toBe(`Are you sure you want to delete "${title}"?`);
      await expect(row).toHaveCount(1);

      dialog = nextDialog(page, 'accept');
      await row.getByRole('button', { name: `Delete: ${title}` }).click();
      expect((await dialog).message()).toBe(`Are you sure you want to delete "${title}"?`);
      await expectToast(page, `Article "${title}" deleted successfully!`);
      await expect(row).toHaveCount(0);
      expect((await request.get(`/${category.slug}/${newSlug}`)).status()).toBe(404);
      expect((await admin.get(`/api/articles/article/${saved._id}`)).status()).toBe(404);
    });
  });

  test('the list pages by ten with First, Prev, Next and Last, the page kept in the URL', async ({
    page,
    admin,
  }) => {
    const list = await readJson<AdminArticleList>(
      await admin.get('/api/articles/admin-article?page=1&limit=10'),
    );
    // The demo content alone fills several pages.
    expect(list.totalPages).toBeGreaterThanOrEqual(3);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const button = (name: string) => pager.getByRole('button', { name, exact: true });

    await openSignedIn(page, ADMIN, '/admin/articles');
    await expect(button('First')).toBeDisabled();
    await expect(button('Prev')).toBeDisabled();
    await expect(button('Next')).toBeEnabled();
    await expect(button('Last')).toBeEnabled();
    await expect(button('1')).toHaveAttribute('aria-current', 'page');
    const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows).toHaveCount(10);
    await expect(rows.first().getByRole('cell').first()).toHaveText('1');

    await button('Next').click();
    await expect(page).toHaveURL('/admin/articles?page=2');
    await expect(button('2')).toHaveAttribute('aria-current', 'page');
    await expect(rows.first().getByRole('cell').first()).toHaveText('11');
    await expect(rows.last().getByRole('cell').first()).toHaveText('20');
    await expect(button('First')).toBeEnabled();
    await expect(button('Prev')).toBeEnabled();

    // The page survives a reload.
    await page.reload();
    await hydrated(page);
    await expect(rows.first().getByRole('cell').first()).toHaveText('11');

    await button('Last').click();
    await expect(page).toHaveURL(`/admin/articles?page=${list.totalPages}`);
    await expect(button('Next')).toBeDisabled();
    await expect(button('Last')).toBeDisabled();
    const onLast = list.totalArticles - (list.totalPages - 1) * 10;
    await expect(rows).toHaveCount(onLast);
    await expect(rows.last().getByRole('cell').first()).toHaveText(String(list.totalArticles));

    await button('First').click();
    await expect(page).toHaveURL('/admin/articles?page=1');
    await expect(rows.first().getByRole('cell').first()).toHaveText('1');
  });

  test('never loses work: a draft survives a reload and leaving asks first', async ({ page }) => {
    const title = `Unsaved thoughts ${unique()}`;
    await openSignedIn(page, ADMIN, '/admin/add-article');
    await page.getByLabel('Title', { exact: true }).fill(title);
    const editor = page.getByRole('textbox', { name: 'Article Description' });
    await editor.click();
    await page.keyboard.type('Half a paragraph, not saved yet.');
    await expect(page.getByLabel('English')).toHaveValue(/^unsaved-thoughts-/);

    // Reloading with unsaved changes: the browser asks (beforeunload); leaving anyway keeps
    // the draft in this browser, and the form comes back with a notice.
    const beforeUnload = nextDialog(page, 'accept');
    await page.reload();
    expect((await beforeUnload).type()).toBe('beforeunload');
    await hydrated(page);
    await expect(
      page.getByText(
        'An unsaved draft of this form was found in this browser and has been restored.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(editor).toHaveText('Half a paragraph, not saved yet.');

    // Leaving through the sidebar asks first; staying keeps everything.
    let dialog = nextDialog(page, 'dismiss');
    await sidebar(page).getByRole('link', { name: 'Articles' }).click();
    expect((await dialog).message()).toBe(
      'You have unsaved changes. Leave this page and lose them?',
    );
    await expect(page).toHaveURL('/admin/add-article');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);

    // Leaving anyway goes.
    dialog = nextDialog(page, 'accept');
    await sidebar(page).getByRole('link', { name: 'Articles' }).click();
    expect((await dialog).message()).toBe(
      'You have unsaved changes. Leave this page and lose them?',
    );
    await expect(page).toHaveURL('/admin/articles');
  });

  /** Opens the edit form, lets "someone else" save meanwhile, then tries to save mine. */
  async function staleEdit(page: Page, admin: Api, make: Factory) {
    const category = await make.category();
    const article = await make.article(category);
    await openSignedIn(page, ADMIN, `/admin/edit-article/${article._id}`);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(article.name);

    const theirs = await admin.updateArticle(article._id, {
      name: `${article.name} (their version)`,
      category: category._id,
      imageUrl: article.imageUrl,
      description: '<p>Their text.</p>',
    });
    expect(theirs.status(), await theirs.text()).toBe(200);

    await page.getByLabel('Title', { exact: true }).fill(`${article.name} (my version)`);
    await page.getByRole('button', { name: 'Update' }).click();
    // Both versions side by side; nothing is written until the user chooses (issue 9 item 5).
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Someone else saved this article after you opened it. Nothing was overwritten: compare both versions and choose.',
      }),
    ).toBeVisible();
    return article;
  }

  test('a stale edit says someone else saved the article meanwhile', async ({
    page,
    admin,
    make,
    consoleErrors,
  }) => {
    // The refused update is answered 409, which Chromium reports on the console.
    consoleErrors.allow(/status of 409/);
    const article = await staleEdit(page, admin, make);
    await expect(page).toHaveURL(`/admin/edit-article/${article._id}`);
    // My text is still in the form, and theirs was not overwritten.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(
      `${article.name} (my version)`,
    );
    const stored = await admin.article(article._id);
    expect(stored.name).toBe(`${article.name} (their version)`);
    expect(stored.description).toBe('<p>Their text.</p>');
  });

  test('reloading after a stale edit does not let the next save throw their changes away', async ({
    page,
    admin,
    make,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 409/);
    const article = await staleEdit(page, admin, make);

    // Following the advice: reload. My unsaved work may come back as a draft, but saving
    // again must not silently replace their text (a lost update is what the 409 is for):
    // either the form shows their version, or the save is refused again.
    const beforeUnload = nextDialog(page, 'accept');
    await page.reload();
    expect((await beforeUnload).type()).toBe('beforeunload');
    await hydrated(page);
    await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue('');
    await clickUpdate(page, article._id);
    const after = await admin.article(article._id);
    expect(after.description).toBe('<p>Their text.</p>');
  });

  test('a failed image upload is shown to the editor', async ({ page, consoleErrors }) => {
    // The refused upload is answered 415, which Chromium reports on the console.
    consoleErrors.allow(/status of 415/);
    await openSignedIn(page, ADMIN, '/admin/add-article');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/media'));
    await page.getByLabel('Article Image').setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('These are just words pretending to be a photo.\n'),
    });
    const res = await answer;
    expect(res.status()).toBe(415);
    const { message } = (await res.json()) as { message: string };
    await expectToast(page, `Image upload failed: ${message}`);
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    // The refused file does not stay in the input, looking attached; the field says why.
    const imageInput = page.getByLabel('Article Image');
    await expect(imageInput).toHaveValue('');
    await expect(imageInput).toHaveAttribute('aria-invalid', 'true');
    await expect(imageInput).toHaveAccessibleDescription(
      `JPEG, PNG, WebP, AVIF or GIF, at most 10 MB. Image upload failed: ${message}`,
    );

    // The same through the editor's Image button.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/media'));
    await page.getByLabel('Upload an image into the article').setInputFiles({
      name: 'inline.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('still not an image'),
    });
    expect((await again).status()).toBe(415);
    await expectToast(page, `Image upload failed: ${message}`);
    await expect(
      page.getByRole('textbox', { name: 'Article Description' }).locator('img'),
    ).toHaveCount(0);
  });

  test('editing an article that does not exist shows the server message in the shell', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404/);
    await openSignedIn(page, ADMIN, '/admin/dashboard');
    const answer = page.waitForResponse((r) => r.url().includes('/api/articles/article/'));
    await page.goto('/admin/edit-article/00000000-0000-4000-8000-000000000000');
    const res = await answer;
    expect(res.status()).toBe(404);
    const { message } = (await res.json()) as { message: string };
    expect(message).toBe('Article not found.');
    await expect(page.getByRole('main')).toContainText(message);
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(sidebar(page)).toBeVisible();
  });

  test('deleting an article someone else already deleted says so', async ({
    page,
    admin,
    make,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 404/);
    const article = await make.article(await make.category());
    await openSignedIn(page, ADMIN, '/admin/articles');
    const row = page.getByRole('row').filter({ hasText: article.name });
    await expect(row).toHaveCount(1);

    const gone = await admin.deleteArticle(article._id);
    expect(gone.status()).toBe(200);

    const dialog = nextDialog(page, 'accept');
    await row.getByRole('button', { name: `Delete: ${article.name}` }).click();
    expect((await dialog).message()).toBe(`Are you sure you want to delete "${article.name}"?`);
    await expectToast(page, 'Article not found.');
    await expect(page.getByText(`Article "${article.name}" deleted successfully!`)).toHaveCount(0);
  });
});

test('the sitemap is generated and downloaded as sitemap.xml', async ({ page, make }) => {
  const category = await make.category();
  const published = await make.article(category);
  const draft = await make.article(category, { status: 'draft' });

  await openSignedIn(page, ADMIN, '/admin/sitemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();

  // Hold the sitemap's answer until the "Generating..." state has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sitemap.xml', async (route) => {
    await held;
    await route.continue();
  });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  const busy = page.getByRole('button', { name: 'Generating...' });
  await expect(busy).toBeDisabled();
  release();

  const file = await download;
  expect(file.suggestedFilename()).toBe('sitemap.xml');
  const xml = await readFile(await file.path(), 'utf8');
  expect(xml).toContain('<urlset');
  expect(xml).toContain(`/${category.slug}/${published.slug}</loc>`);
  expect(xml).not.toContain(`/${draft.slug}</loc>`);
  await expect(page.getByText('Sitemap generated and downloaded successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Sitemap' })).toBeEnabled();
});

test('a sitemap that cannot be fetched says "Failed to generate sitemap."', async ({
  page,
  consoleErrors,
}) => {
  // The failing answer is reported by Chromium on the console.
  consoleErrors.allow(/status of 503/);
  await openSignedIn(page, ADMIN, '/admin/sitemap');
  await page.route('**/sitemap.xml', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Generate Sitemap' }).click();
  await expect(page.getByText('Failed to generate sitemap.', { exact: true })).toBeVisible();
  await expect(page.getByText('Sitemap generated and downloaded successfully!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Sitemap' })).toBeEnabled();
  expect(downloads).toBe(0);
});

test('the dashboard shows the numbers of GET /api/stats and a chart', async ({
  page,
  admin,
  make,
}) => {
  // A draft, so the draft counter and the top-bar badge have something to count.
  await make.article(await make.category(), { status: 'draft' });
  // A view today, so the chart has bars to draw (with none it says "No views yet").
  const read = await make.article(await make.category());
  expect((await admin.post(`/api/articles/${read._id}/view`, {})).status()).toBe(200);
  // Counted views are written within 5 seconds: the page shows them once they are.
  await expect.poll(async () => (await admin.article(read._id)).views).toBe(1);
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const stats = await admin.stats();
  expect(stats.drafts).toBeGreaterThan(0);

  const counters = {
    categories: stats.categories,
    articles: stats.articles,
    published: stats.published,
    drafts: stats.drafts,
    users: stats.users,
    views: stats.views,
  };
  for (const [label, value] of Object.entries(counters)) {
    await expect(page.getByTestId(`count-${label}`)).toHaveText(value.toLocaleString('en-IN'));
  }
  // None of SPEC.md's hard-coded numbers, unless the site really has them.
  for (const fake of ['123.50', '1,805']) await expect(page.getByText(fake)).toHaveCount(0);

  const chart = page.getByRole('img', { name: 'Views per day, last 30 days' });
  await expect(chart).toBeVisible();
  expect(stats.viewsPerDay).toHaveLength(30);
  await expect(chart.locator('rect')).toHaveCount(30);

  // The top bar's badge counts what waits for review (DECISIONS.md §11; it counted drafts
  // before issue 9).
  await make.article(await make.category(), { status: 'pending' });
  await page.reload();
  const queue = (await (await admin.get('/api/articles/review-queue')).json()) as {
    awaiting: number;
  };
  expect(queue.awaiting).toBeGreaterThan(0);
  const badge = page.getByRole('link', {
    name: `${queue.awaiting} article${queue.awaiting === 1 ? '' : 's'} waiting for review`,
  });
  await expect(badge).toBeVisible();
});

test.describe('settings', () => {
  test('a new short name and phone are saved and show on the public site', async ({
    page,
    request,
    admin,
    make,
  }) => {
    const original = await admin.settings();
    make.onCleanup(async () => {
      const res = await admin.updateSettings(original);
      expect(res.status(), await res.text()).toBe(200);
    });
    const shortName = `Patra ${unique().slice(-5)}`;
    const phone = '+91 141 555 0199';

    await openSignedIn(page, ADMIN, '/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('Short name (title prefix)')).toHaveValue(original.shortName);
    await page.getByLabel('Short name (title prefix)').fill(shortName);
    await page.getByLabel('Contact phone').fill(phone);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Settings saved.');

    // Straight away, for the signed-in editor and for an anonymous reader.
    await page.goto('/');
    await hydrated(page);
    expect(await page.title()).toMatch(new RegExp(`^${shortName}\\b`));
    await expect(page.getByRole('contentinfo').getByText(`Phone: ${phone}`)).toBeVisible();
    const html = await (await request.get('/')).text();
    expect(html).toMatch(new RegExp(`<title>${shortName}\\b`));
    expect(html).toContain(phone);
  });

  test('an invalid e-mail is explained and nothing is saved', async ({ page, admin }) => {
    const before = await admin.settings();
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/settings')) puts.push(r.url());
    });
    await openSignedIn(page, ADMIN, '/admin/settings');
    const email = page.getByLabel('Contact e-mail');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Invalid email address');
    expect(puts).toEqual([]);
    const after = await admin.settings();
    expect(after.contactEmail).toBe(before.contactEmail);
  });
});

test('an unknown back-office address shows "Page not found" inside the shell', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 404/);
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  const res = await page.goto('/admin/nope');
  expect(res?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no such page in the back office.')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Articles' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
});

test('Log Out in the user menu signs out', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  // The dashboard's desks read the published stories as it opens: signing out while they are on
  // their way answers them 401 (a console error); a person reads the page first.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: ADMIN.name }).click();
  for (const item of ['My Profile', 'Settings', 'Help']) {
    await expect(page.getByRole('banner').getByText(item, { exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await storedUserInfo(page)).toBeNull();

  // The session cookie is gone too: the back office asks for sign-in again.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fdashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
});

test('without the stored userInfo the back office asks to sign in again', async ({ page }) => {
  await openSignedIn(page, ADMIN, '/admin/articles');
  // SPEC.md §5: admin access needs stored user info with a token, even with a live cookie.
  await page.evaluate((key) => localStorage.removeItem(key), USER_INFO_KEY);
  await page.goto('/admin/categories');
  await expect(page).toHaveURL('/login?redirect=%2Fadmin%2Fcategories');
  await hydrated(page);
  // Signing in again brings the editor back where they were going.
  await fillSignInForm(page, ADMIN);
  await expect(page).toHaveURL('/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
});
