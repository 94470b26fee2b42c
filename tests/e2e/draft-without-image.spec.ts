/*
 * A draft needs no picture (issue 26 item 2): an author writes a text-only piece, saves it as a
 * draft and submits it for review with no image; Submit waits for an image only while the
 * status is Publish (SPEC.md's rule, now for publishing and scheduling).
 */
import type { Article } from './fixtures';
import { expect, expectToast, openSignedIn, test, unique } from './fixtures';

test('an author saves a text-only draft; Submit waits for an image only to publish', async ({
  page,
  make,
}) => {
  const category = await make.category();
  const author = await make.account({ role: 'author' });
  const title = `Early word from the counting centre ${unique()}`;
  await openSignedIn(page, author, '/admin/add-article');
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').selectOption({ label: category.name });
  await page.getByRole('textbox', { name: 'Article Description' }).click();
  await page.keyboard.type('Counting has begun; no photographs yet.');

  await page.getByLabel('Status').selectOption({ label: 'Publish' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Status').selectOption({ label: 'Draft' });
  await expect(submit).toBeEnabled();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
  );
  await submit.click();
  const res = await created;
  expect(res.status()).toBe(201);
  const article = (await res.json()) as Article;
  make.forgetArticle(article._id);
  expect(article).toMatchObject({ name: title, status: 'draft', imageUrl: '' });
  await expectToast(page, 'Success! Article added successfully.');
});
