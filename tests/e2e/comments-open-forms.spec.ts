import { ADMIN, expect, expectToast, openSignedIn, readJson, test } from './fixtures';

/*
 * A section's and a story's say on comments in the back office's forms (issue 42 item 1): a
 * three-way choice, following the site (a section) or the section (a story), open or closed,
 * saved as the API's `commentsOpen` (null, true, false) and shown again as chosen.
 */
test('an editor closes a section’s comments and opens one story’s', async ({
  page,
  admin,
  make,
}) => {
  const category = await make.category();
  const article = await make.article(category);

  await openSignedIn(page, ADMIN, '/admin/categories');
  const row = page.getByRole('row').filter({ hasText: category.name });
  await row.getByRole('button', { name: `Edit: ${category.name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Edit Category' });
  const sectionSay = modal.getByLabel('Comments');
  await expect(sectionSay).toHaveValue('follow');
  await expect(sectionSay.locator('option:checked')).toHaveText('As the site’s setting says');
  await sectionSay.selectOption({ label: 'Closed' });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Category added successfully!');
  const stored = await readJson<{ commentsOpen: boolean | null }>(
    await admin.get(`/api/categories/${category.slug}`),
  );
  expect(stored.commentsOpen).toBe(false);

  await page.goto(`/admin/edit-article/${article._id}`);
  const storySay = page.getByLabel('Comments', { exact: true });
  await expect(storySay).toHaveValue('follow');
  await expect(storySay.locator('option:checked')).toHaveText('As its section says');
  await storySay.selectOption({ label: 'Open' });
  await page.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Success! Article updated successfully.');
  const saved = await readJson<{ commentsOpen: boolean | null }>(
    await admin.get(`/api/articles/article/${article._id}`),
  );
  expect(saved.commentsOpen).toBe(true);
  await page.reload();
  await expect(page.getByLabel('Comments', { exact: true })).toHaveValue('open');
});
