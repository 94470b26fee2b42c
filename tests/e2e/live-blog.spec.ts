/*
 * A live blog as the newsroom and its readers meet it (issue 25 item 1): two editors post at the
 * same moment and both updates are kept; a reader's open page offers them within a poll or two,
 * without a reload, and shows them on a click; the JSON answers 304 to its ETag; the page's
 * JSON-LD is a LiveBlogPosting with both updates; the home card carries the LIVE badge; and
 * the desk on the edit page posts an update the desk lists, holding Post while its photo uploads.
 */
import type { Locator, Page } from '@playwright/test';
import {
  addressOf,
  ADMIN,
  Api,
  expect,
  expectToast,
  makeImage,
  openSignedIn,
  test,
  unique,
} from './fixtures';

/** A reader's page asks every 12 s; a loaded machine may need two asks. */
const POLLS = { timeout: 45_000 };

test('two editors post at once; an open page offers both, the JSON and JSON-LD carry them, the home card says LIVE', async ({
  page,
  browser,
  playwright,
  baseURL,
  make,
  api,
  admin,
}) => {
  const id = unique();
  const category = await make.category({ isHome: true });
  const blog = await make.article(category, { name: `Counting day live ${id}`, liveBlog: true });
  expect(blog.liveBlog).toBe(true);
  const path = addressOf(blog);
  const editorAccount = await make.account({ role: 'editor' });
  const context = await playwright.request.newContext({ baseURL });
  const reader = await browser.newContext();
  try {
    const editor = await Api.signIn(context, editorAccount);
    const readerPage = await reader.newPage();
    await readerPage.goto(path);
    const updates = readerPage.getByRole('region', { name: 'Live updates' });
    await expect(updates.getByText('Updates will appear here.')).toBeVisible();

    // Both at the same moment, through two sessions.
    const [one, two] = await Promise.all([
      admin.post(`/api/articles/${blog._id}/live`, { body: `<p>First trend ${id}</p>` }),
      editor.post(`/api/articles/${blog._id}/live`, {
        body: `<p>Early lead ${id}</p>`,
        keyEvent: true,
      }),
    ]);
    expect([one.status(), two.status()]).toEqual([201, 201]);

    // The open page offers them without moving anything, then shows both on a click.
    const offer = updates.getByRole('button', { name: '2 new updates' });
    await expect(offer).toBeVisible(POLLS);
    await expect(updates.getByText(`First trend ${id}`)).toHaveCount(0);
    await offer.click();
    await expect(updates.getByText(`First trend ${id}`)).toBeVisible();
    await expect(updates.getByText(`Early lead ${id}`)).toBeVisible();
    await expect(offer).toBeHidden();

    // The JSON: both, with an ETag that gets 304.
    const json = await api.get(`/api/articles/${blog._id}/live`);
    expect(json.status()).toBe(200);
    const feed = (await json.json()) as { entries: { body: string }[] };
    expect(feed.entries.map((e) => e.body).sort()).toEqual(
      [`<p>Early lead ${id}</p>`, `<p>First trend ${id}</p>`].sort(),
    );
    const again = await api.request.get(`/api/articles/${blog._id}/live`, {
      headers: { 'if-none-match': json.headers().etag! },
    });
    expect(again.status()).toBe(304);

    // The page's JSON-LD, once the page is made again with them.
    await expect
      .poll(async () => {
        await readerPage.goto(path);
        const blocks = await readerPage
          .locator('script[type="application/ld+json"]')
          .allTextContents();
        const posting = blocks
          .map((b) => JSON.parse(b) as Record<string, unknown>)
          .find((b) => b['@type'] === 'LiveBlogPosting');
        return ((posting?.liveBlogUpdate as { articleBody: string }[] | undefined) ?? [])
          .map((u) => u.articleBody)
          .sort();
      }, POLLS)
      .toEqual([`Early lead ${id}`, `First trend ${id}`]);
    // The key event jumps to its update.
    const keyEvents = readerPage.getByRole('navigation', { name: 'Key events' });
    await keyEvents.getByRole('link', { name: new RegExp(`Early lead ${id}`) }).click();
    await expect(readerPage).toHaveURL(/#update-/);

    // The home page's card says LIVE.
    await expect
      .poll(async () => {
        await readerPage.goto('/');
        const card = readerPage.locator('article.card', { hasText: blog.name });
        return (await card.count()) > 0 ? card.first().locator('.live-badge').innerText() : '';
      }, POLLS)
      .toBe('LIVE');
  } finally {
    await reader.close();
    await context.dispose();
  }

  // The desk on the edit page posts an update and lists it.
  await openSignedIn(page, ADMIN, `/admin/edit-article/${blog._id}`);
  const desk = page.getByRole('region', { name: 'Live updates' });
  await expect(desk.getByText(`Early lead ${id}`)).toBeVisible();
  await desk.getByRole('textbox').first().fill(`Desk update ${id}`);
  await desk.getByLabel('Pinned').check();
  // A photo of the update on its way holds Post, saying why: posted meanwhile, the update
  // went without it.
  const waits = 'The image is still uploading: the update waits until it has arrived.';
  let release = await holdUpload(page, desk.getByLabel('Upload an image into the article').first());
  const post = desk.getByRole('button', { name: 'Post update' });
  await expect(post).toBeDisabled();
  await expect(post).toHaveAccessibleDescription(waits);
  release();
  await describeImage(page, `Desk photo ${id}`);
  await post.click();
  await expectToast(page, 'The update is live.');
  const entry = desk.getByRole('listitem').filter({ hasText: `Desk update ${id}` });
  await expect(entry.getByRole('img', { name: `Desk photo ${id}` })).toBeVisible();

  // Editing it, a second photo holds its Save alone: pinning asks nothing of the text.
  await entry.getByRole('button', { name: 'Edit' }).click();
  const editor = entry.getByRole('textbox');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  release = await holdUpload(page, entry.getByLabel('Upload an image into the article'));
  await expect(entry.getByText(waits)).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Save update' })).toBeDisabled();
  await expect(entry.getByRole('button', { name: 'Unpin' })).toBeEnabled();
  release();
  await describeImage(page, `Second photo ${id}`);
  await entry.getByRole('button', { name: 'Save update' }).click();
  await expectToast(page, 'The update was changed.');
  await expect(entry.getByRole('img', { name: `Second photo ${id}` })).toBeVisible();
});

/** Chooses a photo at `input` while the server keeps the upload's answer; answers its release. */
async function holdUpload(page: Page, input: Locator) {
  await page.unroute('**/api/media');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/media', async (route) => {
    await held;
    await route.continue();
  });
  await input.setInputFiles({
    name: 'desk.png',
    mimeType: 'image/png',
    buffer: await makeImage('png', '#1b5e20'),
  });
  return () => release();
}

/** Gives the photo that arrived its alt text, and puts it in the text. */
async function describeImage(page: Page, alt: string) {
  const dialog = page.getByRole('dialog', { name: 'Describe the image' });
  await dialog.getByLabel('Alt text').fill(alt);
  await dialog.getByRole('button', { name: 'Insert', exact: true }).click();
}
