import type { Page } from '@playwright/test';
import { XSS_VECTORS } from '../setup/xss-vectors';
import { openAs, skipWithoutPostgres, startPostgresSite, type PostgresSite } from './comment-site';
import { addressOf, Api, expect, readJson, test, unique } from './fixtures';

/*
 * Stored XSS through comments (issue 42's acceptance): the security round's vectors
 * (tests/setup/xss-vectors.ts) as comment bodies and as readers' names execute nothing in
 * Chromium: on the cached article page an anonymous reader gets, and in a signed-in reader's
 * after-load form and list (app/reader/comments.ts), where their own name and text are drawn by
 * the script. Every vector calls alert(): a dialog is an execution. The comments' markup is
 * checked as well: no script, frame, object, form, SVG or event handler, and links only to
 * http(s) addresses.
 */

let site: PostgresSite;
let path: string;
/** The readers, each named with some of the vectors (a name holds at most 100 characters). */
const names: string[] = [];
let signedIn: { email: string; password: string; name: string };

test.describe.configure({ mode: 'serial' });
skipWithoutPostgres();

/**
 * The vectors the API stores: one with a control character is refused at the door
 * (server/plugins/input-guard.ts), which is its own protection.
 */
const controlIn = (text: string) =>
  [...text].some((ch) => ch.charCodeAt(0) < 32 && !'\t\n\r'.includes(ch));
const STORABLE = XSS_VECTORS.filter(([, html]) => !controlIn(html));

/** The vectors packed into names of at most 100 characters (longer ones stay bodies only). */
function packedNames(): string[] {
  const packed: string[] = [];
  let current = '';
  for (const [, html] of STORABLE) {
    if (html.length > 100) continue;
    if (current.length + html.length > 100) {
      packed.push(current);
      current = '';
    }
    current += html;
  }
  if (current) packed.push(current);
  return packed;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startPostgresSite('xss', 1);
  const story = await site.story(`Stored markup ${unique()}`);
  path = addressOf(story);
  names.push(...packedNames());
  const readers = [];
  for (const name of names) readers.push(await site.reader('Xss', { name }));
  // Every vector as a body, spread over the readers; the first is the comment the others answer.
  const bodies: string[] = names.map(() => '');
  STORABLE.forEach(([, html], i) => (bodies[i % bodies.length] += `${html}\n\n`));
  const ids: string[] = [];
  for (const [i, reader] of readers.entries()) {
    const api = await Api.signIn(site.admin.request, reader);
    const answer = await readJson<{ _id: string }>(
      await api.post(`/api/articles/${story._id}/comments`, {
        body: bodies[i],
        ...(i > 0 ? { parentId: ids[0] } : {}),
      }),
      201,
    );
    ids.push(answer._id);
    if (i === 0)
      await readJson(
        await site.admin.put(`/api/comments/${answer._id}/status`, { status: 'approved' }),
      );
  }
  await readJson(await site.admin.post('/api/comments/moderate', { ids, status: 'approved' }));
  const [first] = readers;
  if (!first) throw new Error('no reader');
  signedIn = first;
});

test.afterAll(async () => {
  await site?.close();
});

/** Fails the test on any dialog: every vector calls alert(). */
function noDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

/** What in the comments could run: elements, handlers and addresses that no comment may hold. */
async function expectInert(page: Page) {
  const found = await page.locator('[data-comments]').evaluate((section) => {
    const bad: string[] = [];
    // The comments (with this reader's reply and edit forms), not the page's own sign-in link.
    for (const el of section.querySelectorAll('li[data-comment] *')) {
      const tag = el.tagName.toLowerCase();
      if (/^(script|iframe|object|embed|svg|math|img|video|audio|style|link|meta|base)$/.test(tag))
        bad.push(`<${tag}>`);
      if (tag === 'form' && !el.classList.contains('comment-form')) bad.push('<form> not ours');
      for (const attr of el.attributes)
        if (/^on/i.test(attr.name) || /^\s*(javascript|data|vbscript):/i.test(attr.value))
          bad.push(`${tag} ${attr.name}="${attr.value}"`);
      if (tag === 'a' && !/^https?:\/\//.test((el as HTMLAnchorElement).getAttribute('href') ?? ''))
        bad.push(`a href="${el.getAttribute('href')}"`);
    }
    return bad;
  });
  expect(found, 'nothing in the comments can run').toEqual([]);
}

test('the cached page shows every vector as text and runs none of them', async ({ page }) => {
  const dialogs = noDialogs(page);
  const [url] = site.urls as [string];
  await page.goto(`${url}${path}`);
  await page.waitForLoadState('networkidle');
  const comments = page.locator('[data-comments]');
  for (const name of names) await expect(comments).toContainText(name);
  await expect(comments).toContainText('<script>alert(1)</script>');
  // Focus and hover every comment, as a reader moving through them would.
  for (const item of await comments.locator('li[data-comment]').all()) await item.hover();
  await page.keyboard.press('Tab');
  await expectInert(page);
  expect(dialogs).toEqual([]);
});

test("a signed-in reader's form and list run none of them", async ({ page }) => {
  const dialogs = noDialogs(page);
  const [url] = site.urls as [string];
  await openAs(page, url, signedIn, path);
  const box = page.getByLabel('Your comment');
  // Their own comment, as the script draws it: their name and text, never markup.
  const vectors = STORABLE.slice(0, 12).map(([, html]) => html);
  await box.fill(vectors.join('\n\n'));
  await page.getByRole('button', { name: 'Post comment' }).click();
  const own = page.locator('li[data-comment]').last();
  await expect(own).toContainText(vectors[0] ?? '');
  await expect(own).toContainText(signedIn.name);
  // A reply and an edit take the same way.
  const first = page.locator('li[data-comment]').first();
  await first.getByRole('button', { name: 'Reply' }).click();
  await first.getByLabel('Your comment').fill('<img src=x onerror=alert(1)>');
  await first.getByRole('button', { name: 'Reply' }).last().click();
  await expect(first.locator('[data-replies] > li').last()).toContainText(
    '<img src=x onerror=alert(1)>',
  );
  await own.getByRole('button', { name: 'Edit' }).click();
  await own.getByLabel('Your comment').fill('<svg onload="alert(1)"></svg> changed');
  await own.getByRole('button', { name: 'Save' }).click();
  await expect(own).toContainText('<svg onload="alert(1)"></svg> changed');
  for (const item of await page.locator('li[data-comment]').all()) await item.hover();
  await expectInert(page);
  expect(dialogs).toEqual([]);
});
