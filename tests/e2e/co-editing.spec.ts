import type { Page } from '@playwright/test';
import type { RevisionList } from '../../common/schemas/revisions';
import {
  ADMIN,
  type Article,
  clickUpdate,
  expect,
  expectToast,
  openSignedIn,
  readJson,
  test,
} from './fixtures';

/**
 * Writing together (issue 43 item 1, docs/decisions/061): two people in two browsers edit one
 * story's text and title at once through /api/collab, see each other's words and carets with
 * names, and a save keeps both; a colleague's save after it builds on it (no 409). One process
 * here (the two-worker journey is not written yet).
 */

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Article Description' });
const edit = (article: Article) => `/admin/edit-article/${article._id}`;

test('two people type into one story at once and see each other’s text and caret; a save keeps both', async ({
  page,
  browser,
  make,
  admin,
}) => {
  const article = await make.article(await make.category());
  const colleague = await make.account({ label: 'Editor', role: 'editor' });
  const other = await browser.newContext();
  // The colleague's presence calls never arrive: the admin learns they are here from the
  // shared document alone (the presence list is who is in the document).
  await other.route('**/api/articles/*/presence', (route) => route.abort());
  const page2 = await other.newPage();
  await openSignedIn(page, ADMIN, edit(article));
  await openSignedIn(page2, colleague, edit(article));
  const [mine, theirs] = [editorOf(page), editorOf(page2)];
  for (const p of [page, page2]) await expect(p.locator('[data-co-editing="on"]')).toBeVisible();
  const colleagueHere = page.getByText(`${colleague.name} is editing this article`);
  await expect(colleagueHere).toBeVisible();
  await expect(page2.getByText(`${ADMIN.name} is editing this article`)).toBeVisible();
  await expect(mine).toContainText('Second paragraph');
  await expect(theirs).toContainText('Second paragraph');

  await mine.click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Admin writes first. ');
  await theirs.click();
  await page2.keyboard.press('ControlOrMeta+End');
  await page2.keyboard.type(' The editor adds this.');

  await expect(mine).toContainText('The editor adds this.', { timeout: 5000 });
  await expect(theirs).toContainText('Admin writes first.', { timeout: 5000 });
  // Each sees the other's caret, named.
  await expect(
    page.locator('.collaboration-carets__label', { hasText: colleague.name }),
  ).toBeVisible();
  await expect(
    page2.locator('.collaboration-carets__label', { hasText: ADMIN.name }),
  ).toBeVisible();

  // The title is shared too: the colleague sees the admin's new one before anything is saved.
  const retitled = `${article.name}, retitled`;
  await page.getByLabel('Title', { exact: true }).fill(retitled);
  await expect(page2.getByLabel('Title', { exact: true })).toHaveValue(retitled, {
    timeout: 5000,
  });
  // The agency credit is a field of the form, each person's own until saved.
  const credit = 'PTI';
  await page.getByLabel('Credit (agency)', { exact: true }).fill(credit);
  const res = await clickUpdate(page, article._id);
  expect(res.status()).toBe(200);
  await expectToast(page, 'Success! Article updated successfully.');
  const stored = (await res.json()) as Article;
  expect(stored.description).toContain('Admin writes first.');
  expect(stored.description).toContain('The editor adds this.');
  // One revision, naming both: the one who saved, then the colleague who typed. (An autosave
  // of either form may come after it: the newest save is the one.)
  const { revisions } = await readJson<RevisionList>(
    await admin.get(`/api/articles/${article._id}/revisions`),
  );
  const saves = revisions.filter((r) => r.kind === 'save');
  expect(saves[0]?.createdAt).toBe(stored.updatedAt);
  expect(saves[0]?.writers.map((w) => w.name)).toEqual([ADMIN.name, colleague.name]);

  // The colleague's form takes the credit it had left alone and builds on that save: their own
  // save after it is no 409, and keeps the title, the credit and everyone's words.
  await expect(page2.getByLabel('Credit (agency)', { exact: true })).toHaveValue(credit);
  await theirs.click();
  await page2.keyboard.press('ControlOrMeta+End');
  await page2.keyboard.insertText(' A last line.');
  const again = await clickUpdate(page2, article._id);
  expect(again.status()).toBe(200);
  await expectToast(page2, 'Success! Article updated successfully.');
  const last = (await again.json()) as Article;
  expect(last.name).toBe(retitled);
  expect(last.credit).toBe(credit);
  for (const words of ['Admin writes first.', 'The editor adds this.', 'A last line.'])
    expect(last.description).toContain(words);
  // Its revision names only the colleague: the admin wrote nothing since their own save (the
  // announcement of a save is nobody's writing).
  const after = await readJson<RevisionList>(
    await admin.get(`/api/articles/${article._id}/revisions`),
  );
  const newest = after.revisions.find((r) => r.kind === 'save');
  expect(newest?.createdAt).toBe(last.updatedAt);
  expect(newest?.writers.map((w) => w.name)).toEqual([colleague.name]);
  // The colleague leaves: gone from the list when their connection goes, no call needed.
  await other.close();
  await expect(colleagueHere).toBeHidden();
});

test('a title changed before the shared document arrives is kept and shared, not put back; the toolbar waits for it', async ({
  page,
  browser,
  make,
}) => {
  const article = await make.article(await make.category());
  // The shared document's answers are held until the title has been changed: a writer on a
  // slow connection who starts on the title at once (the document waits up to 5 s).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened = () => {};
  const socketOpen = new Promise<void>((resolve) => (opened = resolve));
  await page.routeWebSocket(/\/api\/collab/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage(async (message) => {
      await held;
      ws.send(message);
    });
    opened();
  });
  await openSignedIn(page, ADMIN, edit(article));
  await socketOpen;
  const title = page.getByLabel('Title', { exact: true });
  const retitled = `Retitled before sharing ${article._id.slice(-6)}`;
  await title.fill(retitled);
  await expect(page.locator('[data-co-editing="on"]')).toHaveCount(0);
  // Until the text arrives its toolbar waits too: a click would go to the editor being replaced.
  const link = page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Link', exact: true });
  await expect(link).toBeDisabled();
  release();
  await expect(page.locator('[data-co-editing="on"]')).toBeVisible();
  await expect(link).toBeEnabled();
  await expect(title).toHaveValue(retitled);
  // Shared as typed: a colleague who opens the story now sees the new title.
  const colleague = await make.account({ label: 'Editor', role: 'editor' });
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openSignedIn(page2, colleague, edit(article));
  await expect(page2.locator('[data-co-editing="on"]')).toBeVisible();
  await expect(page2.getByLabel('Title', { exact: true })).toHaveValue(retitled);
  await expect(title).toHaveValue(retitled);
  await other.close();
});
