/*
 * A draft needs no picture (issue 26 item 2): an author writes a text-only piece, saves it as a
 * draft and submits it for review with no image; Submit waits for an image only while the
 * status is Publish (SPEC.md's rule, now for publishing and scheduling). And Submit waits,
 * saying why, while an image (its own, or one of its text's) is still on its way: saved
 * meanwhile, the piece went without it.
 */
import type { Locator, Page } from '@playwright/test';
import type { Article, Fixtures } from './fixtures';
import { expect, expectToast, makeImage, openSignedIn, test, unique } from './fixtures';

/** An author of their own writes a piece in a category of its own; answers its Submit. */
async function writePiece(page: Page, make: Fixtures['make'], title: string, text: string) {
  const category = await make.category();
  const author = await make.account({ role: 'author' });
  await openSignedIn(page, author, '/admin/add-article');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Category').selectOption({ label: category.name });
  await page.getByRole('textbox', { name: 'Article Description' }).click();
  await page.keyboard.type(text);
  return page.getByRole('button', { name: 'Submit' });
}

/** Submit, once open: the article it added (forgotten by the fixtures: the test made it). */
async function submitted(page: Page, make: Fixtures['make'], submit: Locator) {
  await expect(submit).toBeEnabled();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/articles/article'),
  );
  await submit.click();
  const article = (await (await created).json()) as Article;
  make.forgetArticle(article._id);
  return article;
}

/**
 * A draft whose image, chosen at the file field `label`, is on its way: the server keeps the
 * upload's answer until `release()`. Submit waits meanwhile, saying why, and Enter in a field
 * (which submits a form) sends nothing either; `posts` are the articles sent.
 */
async function draftWithHeldImage(
  page: Page,
  make: Fixtures['make'],
  title: string,
  text: string,
  label: string,
) {
  const submit = await writePiece(page, make, title, text);
  await page.getByLabel('Status').selectOption({ label: 'Draft' });
  await expect(submit).toBeEnabled();
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
  await page.getByLabel(label).setInputFiles({
    name: 'held.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '#37474f'),
  });
  await expect(submit).toBeDisabled();
  await expect(page.locator('#submit-missing')).toHaveText(
    'The image is still uploading: Submit waits until it has arrived.',
  );
  await page.getByLabel('Title', { exact: true }).press('Enter');
  await expect(page.locator('#submit-missing')).toBeVisible();
  expect(posts).toEqual([]);
  return { submit, release: () => release(), posts };
}

test('an author saves a text-only draft; Submit waits for an image only to publish', async ({
  page,
  make,
}) => {
  const title = `Early word from the counting centre ${unique()}`;
  const submit = await writePiece(page, make, title, 'Counting has begun; no photographs yet.');

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
  const title = `The returning officer's table ${unique()}`;
  const text = 'The first rounds are in.';
  const { submit, release, posts } = await draftWithHeldImage(
    page,
    make,
    title,
    text,
    'Article Image',
  );
  await expect(page.locator('img.img-thumbnail')).toHaveCount(0);

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

test('the last image chosen wins: an upload still on its way when another is chosen is let go', async ({
  page,
  make,
}) => {
  const title = `Second thoughts on the cover ${unique()}`;
  const submit = await writePiece(page, make, title, 'The photo desk sent a better one.');
  await page.getByLabel('Status').selectOption({ label: 'Draft' });

  // The first upload's answer is held until the test lets it go; the second goes at once.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let uploads = 0;
  await page.route('**/api/media', async (route) => {
    if (++uploads === 1) await held;
    await route.continue();
  });
  // The answers in the order they come: the second file's first, the held one after.
  const answers: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/media'))
      answers.push(r.json().then((body) => (body as { secure_url: string }).secure_url));
  });
  const image = page.getByLabel('Article Image');
  await image.setInputFiles({
    name: 'first.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '#8d6e63'),
  });
  await expect(submit).toBeDisabled();
  await image.setInputFiles({
    name: 'second.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '#1565c0'),
  });
  await expect.poll(() => answers.length).toBe(1);
  const chosen = await answers[0]!;
  const thumbnail = page.locator('img.img-thumbnail');
  await expect(thumbnail).toHaveAttribute('src', chosen);
  await expect(submit).toBeEnabled();

  release();
  await expect.poll(() => answers.length).toBe(2);
  const late = await answers[1]!;
  expect(late).not.toBe(chosen);
  // The late answer changes nothing: the second image stays, and Submit stays open.
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(thumbnail).toHaveAttribute('src', chosen);
  const article = await submitted(page, make, submit);
  expect(article.imageUrl).toBe(chosen);
});

test('an image of the text holds Submit while it uploads, and the text goes with it', async ({
  page,
  make,
}) => {
  const title = `The count in pictures ${unique()}`;
  const input = 'Upload an image into the article';
  const held = await draftWithHeldImage(page, make, title, 'The hall at noon: ', input);
  const { submit, release, posts } = held;

  // Once it has arrived, its alt text is asked, and it goes into the text.
  release();
  const dialog = page.getByRole('dialog', { name: 'Describe the image' });
  await dialog.getByLabel('Alt text').fill('Counting tables at noon');
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
  const text = page.getByRole('textbox', { name: 'Article Description' });
  await expect(text.locator('img')).toHaveAttribute('src', /\/media\//);
  const article = await submitted(page, make, submit);
  expect(article.description).toMatch(
    /<img[^>]+src="[^"]*\/media\/[^"]*"[^>]*alt="Counting tables at noon"/,
  );
  expect(posts).toHaveLength(1);
});
