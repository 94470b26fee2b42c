import { ARTICLE_TEXT_FIELDS } from '../../common/schemas/articles';
import {
  ADMIN,
  type Article,
  expect,
  expectToast,
  hydrated,
  openSignedIn,
  readJson,
  savedThenBackToList,
  test,
  unique,
  withoutCoEditing,
} from './fixtures';

/**
 * Never lose work, never overwrite silently (issue 9 item 5, docs/decisions/023): the form's
 * autosave survives a closed browser, and a save that someone else's save made stale shows
 * both versions and waits for the user's choice.
 */

const edit = (article: Article) => `/admin/edit-article/${article._id}`;

test('closing the browser mid-edit and reopening the article offers the autosaved text', async ({
  page,
  browser,
  make,
  admin,
}) => {
  const article = await make.article(await make.category());
  const typed = `Half-written headline ${unique()}`;
  // The plain editor's offer: a shared document would itself keep the closed tab's words.
  await withoutCoEditing(page.context());
  await openSignedIn(page, ADMIN, edit(article));
  const autosaved = page.waitForResponse(
    (r) =>
      r.request().method() === 'PUT' && r.url().endsWith(`/api/articles/${article._id}/autosave`),
  );
  await page.getByLabel('Title', { exact: true }).fill(typed);
  expect((await autosaved).status()).toBe(200);
  await expect(page.getByText(/^Autosaved at /)).toBeVisible();
  // The browser goes away with its stored draft; readers still see the saved article.
  await page.context().close();
  expect((await admin.article(article._id)).name).toBe(article.name);

  const again = await browser.newContext();
  try {
    await withoutCoEditing(again);
    const tab = await again.newPage();
    await openSignedIn(tab, ADMIN, edit(article));
    const offer = tab.getByRole('region', { name: /were kept on the server/ });
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('region', { name: 'Title, both versions' })).toContainText(typed);
    await expect(tab.getByLabel('Title', { exact: true })).toHaveValue(article.name);
    await offer.getByRole('button', { name: 'Use the autosaved text' }).click();
    await expect(tab.getByLabel('Title', { exact: true })).toHaveValue(typed);
  } finally {
    await again.close();
  }
});

test('a stale save shows both versions and overwrites only when the user chooses', async ({
  page,
  make,
  admin,
  consoleErrors,
}) => {
  const article = await make.article(await make.category());
  // The stale save's answer, which the browser logs.
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  const mine = `My headline ${unique()}`;
  const theirs = `Their headline ${unique()}`;
  // The plain editor's chooser: in a shared document the other save would refresh the title
  // typed here (co-editing.spec.ts has a colleague's save there).
  await withoutCoEditing(page);
  await openSignedIn(page, ADMIN, edit(article));
  await hydrated(page);
  await page.getByLabel('Title', { exact: true }).fill(mine);

  // Someone else saves meanwhile.
  const current = await admin.article(article._id);
  await readJson(
    await admin.put(`/api/articles/${article._id}`, {
      name: theirs,
      category: current.category?._id,
      imageUrl: current.imageUrl,
      description: current.description,
      updatedAt: current.updatedAt,
    }),
  );

  await page.getByRole('button', { name: 'Update' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Nothing was overwritten' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText('Their version (saved)')).toBeVisible();
  await expect(conflict.getByText('My version (not saved)')).toBeVisible();
  await expect(conflict.getByRole('region', { name: 'Title, both versions' })).toContainText(
    theirs,
  );
  await expect(conflict.getByRole('region', { name: 'Title, both versions' })).toContainText(mine);
  // Nothing was written without a choice.
  expect((await admin.article(article._id)).name).toBe(theirs);
  await expect(page).toHaveURL(edit(article));

  await conflict.getByRole('button', { name: 'Save my version over theirs' }).click();
  await savedThenBackToList(page);
  expect((await admin.article(article._id)).name).toBe(mine);
});

test('the History panel compares a Hindi edit by whole words and restores after a confirmation', async ({
  page,
  make,
  admin,
}) => {
  const category = await make.category();
  const article = await make.article(category, {
    name: `पुरानी चिट्ठी ${unique()}`,
    description: '<p>दादी ने पुरानी चिट्ठी संदूक़ से निकाली।</p>',
    language: 'hi',
  });
  // A second save changes one word of the text (a conjunct and a nukta in it).
  const saved = await readJson<Article>(
    await admin.updateArticle(article._id, {
      name: article.name,
      category: category._id,
      imageUrl: article.imageUrl,
      description: '<p>दादी ने प्यारी चिट्ठी संदूक़ से निकाली।</p>',
      language: 'hi',
      updatedAt: article.updatedAt,
    }),
  );
  expect(saved.description).toContain('प्यारी');

  // The notes panel above History loads after the form, held here until it shows: it keeps the
  // height its answer will take, so History does not move under a click meant for it (a click
  // once landed on the notes' new line instead).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/articles/${article._id}/notes`, async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, ADMIN, edit(article));
  await hydrated(page);
  const notes = page.getByRole('region', { name: 'Notes' });
  const loading = (await notes.boundingBox())?.height;
  release();
  await expect(notes.getByText('No notes on this story yet.')).toBeVisible();
  expect((await notes.boundingBox())?.height).toBe(loading);
  // The shared text above has arrived too: nothing moves any more.
  await expect(page.locator('[data-co-editing="on"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Article Description' })).toContainText('प्यारी');
  const history = page.getByText('History', { exact: true });
  await history.click();
  const list = page.getByRole('list', { name: 'History' });
  // Two saves, newest first.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('button').last().click();

  const text = page.getByRole('region', { name: 'Text, both versions' });
  // Whole words struck and added: never a matra or half of a conjunct on its own.
  await expect(text.locator('del')).toHaveText(['पुरानी']);
  await expect(text.locator('ins')).toHaveText(['प्यारी']);

  await page.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version' });
  await expect(confirm).toContainText('Restore this version? Its title, address');
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expectToast(page, 'The version was restored.');

  const restored = await admin.article(article._id);
  expect(restored.description).toBe('<p>दादी ने पुरानी चिट्ठी संदूक़ से निकाली।</p>');
  // The restore is a save of its own: a third revision, on top.
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Restored');
});

test('opening an article someone else has open says who is editing it, until they close it', async ({
  page,
  browser,
  make,
  admin,
}) => {
  const article = await make.article(await make.category());
  const editor = await make.account({ label: 'Editor', role: 'editor' });
  const other = await browser.newContext();
  try {
    const tab = await other.newPage();
    const beat = tab.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith(`/api/articles/${article._id}/presence`),
    );
    await openSignedIn(tab, editor, edit(article));
    expect((await beat).status()).toBe(200);

    await openSignedIn(page, ADMIN, edit(article));
    await expect(page.getByText(`${editor.name} is editing this article`)).toBeVisible();

    // The editor closes the tab: it says so at once (a heartbeat alone would keep them listed
    // for 30 s or more), and the notice goes at the admin's next heartbeat (15 s).
    await tab.close();
    await expect
      .poll(
        async () => {
          const res = await admin.post(`/api/articles/${article._id}/presence`, {});
          return ((await res.json()) as { editors: unknown[] }).editors.length;
        },
        { timeout: 25_000 },
      )
      .toBe(0);
    await expect(page.getByText(`${editor.name} is editing this article`)).toBeHidden({
      timeout: 30_000,
    });
  } finally {
    await other.close();
  }
});

test('an autosave that says what the saved version says offers nothing when the article is opened again', async ({
  page,
  make,
  admin,
}) => {
  const article = await make.article(await make.category());
  const full = await admin.article(article._id);
  // An autosave with exactly the saved texts (typed and typed back, as happens).
  const texts = Object.fromEntries(ARTICLE_TEXT_FIELDS.map((f) => [f, full[f] ?? '']));
  const res = await admin.put(`/api/articles/${article._id}/autosave`, {
    ...texts,
    category: full.category?._id ?? '',
    language: full.language,
    basedOn: full.updatedAt,
  });
  expect(res.status(), await res.text()).toBe(200);
  // The form reads the autosave (its revision) once it has loaded: wait for that answer.
  const autosaveRead = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && /\/api\/articles\/[^/]+\/revisions\/[^/]+$/.test(r.url()),
  );
  await openSignedIn(page, ADMIN, edit(article));
  expect((await autosaveRead).status()).toBe(200);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(article.name);
  await hydrated(page);
  await expect(page.getByRole('region', { name: /were kept on the server/ })).toHaveCount(0);
});
