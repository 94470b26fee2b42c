/*
 * A draft needs no picture (issue 26 item 2): an author writes a text-only piece, saves it as a
 * draft and submits it for review with no image; Submit waits for an image only while the
 * status is Publish (SPEC.md's rule, now for publishing and scheduling). And Submit waits,
 * saying why, while an image is still on its way: saved meanwhile, the piece went without it.
 */
import type { Article } from './fixtures';
import { expect, expectToast, makeImage, openSignedIn, test, unique } from './fixtures';

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

test('a draft waits for its image while it uploads, and goes with it', async ({ page, make }) => {
  const category = await make.category();
  const author = await make.account({ role: 'author' });
  await openSignedIn(page, author, '/admin/add-article');
  const submit = page.getByRole('button', { name: 'Submit' });
  const title = page.getByLabel('Title', { exact: true });
  await title.fill(`The returning officer's table ${unique()}`);
  await page.getByLabel('Category').selectOption({ label: category.name });
  await page.getByRole('textbox', { name: 'Article Description' }).click();
  await page.keyboard.type('The first rounds are in.');
  await page.getByLabel('Status').selectOption({ label: 'Draft' });
  await expect(submit).toBeEnabled();

  // The server keeps the upload's answer until the test lets it go.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/media', async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/articles/article')) posts.push(r.url());
  });
  await page.getByLabel('Article Image').setInputFiles({
    name: 'table.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '#37474f'),
  });
  await expect(submit).toBeDisabled();
  await expect(page.locator('#submit-missing')).toHaveText(
    'The image is still uploading: Submit waits until it has arrived.',
  );
  // Enter in a field submits a form: not while the image is on its way.
  await title.press('Enter');
  await expect(page.locator('img.img-thumbnail')).toHaveCount(0);
  expect(posts).toEqual([]);

  release();
  await expect(page.locator('img.img-thumbnail')).toHaveAttribute('src', /\/media\//);
  await expect(submit).toBeEnabled();
  await expect(page.locator('#submit-missing')).toHaveCount(0);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
  );
  await submit.click();
  const article = (await (await created).json()) as Article;
  make.forgetArticle(article._id);
  expect(article).toMatchObject({ status: 'draft', imageUrl: expect.stringMatching(/\/media\//) });
  expect(posts).toHaveLength(1);
});
