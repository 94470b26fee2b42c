import { ADMIN, expect, hydrated, readJson, signIn, test, unique, type Article } from './fixtures';

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
  await signIn(page, ADMIN, edit(article));
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
    const tab = await again.newPage();
    await signIn(tab, ADMIN, edit(article));
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
  await signIn(page, ADMIN, edit(article));
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
  await expect(page).toHaveURL('/admin/articles');
  expect((await admin.article(article._id)).name).toBe(mine);
});
