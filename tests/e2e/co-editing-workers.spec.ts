import type { Browser, Page, Route } from '@playwright/test';
import type { RevisionList } from '../../common/schemas/revisions';
import { startBalancer, type Balancer } from '../setup/balancer';
import { openAs, skipWithoutPostgres, startPostgresSite, type PostgresSite } from './comment-site';
import {
  ADMIN,
  clickUpdate,
  expect,
  readJson,
  test,
  unique,
  type Account,
  type Article,
} from './fixtures';

/*
 * Issue 43's acceptance across processes: two editors in two browsers, each reaching a
 * different process of a two-process PostgreSQL site whose co-editing is relayed through Redis
 * (REDIS_URL, these machines' own), type into one paragraph at once and see each other's words
 * within a second; the save keeps both and names both. Then one editor's network goes away
 * while they type, and comes back: nothing is lost. Then the process one editor is on is
 * killed: they reconnect to the other and go on, and nothing acknowledged is lost.
 *
 * Each browser goes through a load balancer of its own (tests/setup/balancer.ts) that prefers
 * one process and falls back to the other, as a load balancer with health checks does.
 */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Issue 43: within 1 s each sees the other's text. */
const SEEN_WITHIN_MS = 1_000;
/** Issue 43: changes merge within 10 s of the connection's return; editors reconnect within 10 s. */
const BACK_WITHIN_MS = 10_000;

let site: PostgresSite;
let story: Article;
let editor: Account;
const balancers: Balancer[] = [];

test.describe.configure({ mode: 'serial' });
skipWithoutPostgres();

test.beforeAll(async () => {
  test.setTimeout(300_000);
  site = await startPostgresSite('coedit', 2, { REDIS_URL });
  story = await site.story(`Writers on two machines ${unique()}`);
  const made = await site.reader('Sub-editor');
  await readJson(await site.admin.changeRole(made._id, { role: 'editor' }));
  editor = made;
  const ports = site.urls.map((url) => Number(new URL(url).port));
  // The admin's browser prefers the first process, the sub-editor's the second.
  balancers.push(await startBalancer(ports), await startBalancer([...ports].reverse()));
});

test.afterAll(async () => {
  for (const balancer of balancers) await balancer.close();
  await site?.close();
});

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Article Description' });

/** Opens the story's edit form as `account` through `balancer`, shared once synced. */
async function openEditor(browser: Browser, balancer: Balancer, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAs(page, balancer.url, account, `/admin/edit-article/${story._id}`);
  await expect(page.locator('[data-co-editing="on"]')).toBeVisible();
  await expect(editorOf(page)).toContainText('The monsoon reached Kerala');
  return page;
}

test('two editors on two processes write one paragraph at once, through a dropped network and a killed process', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [toFirst, toSecond] = balancers as [Balancer, Balancer];
  const mine = await openEditor(browser, toFirst, ADMIN);
  const theirs = await openEditor(browser, toSecond, editor);
  // Each browser reached its own process, and only it.
  expect(toFirst.routed[0]).toBeGreaterThan(0);
  expect(toFirst.routed[1]).toBe(0);
  expect(toSecond.routed[0]).toBeGreaterThan(0);
  expect(toSecond.routed[1]).toBe(0);

  // One paragraph, both typing at once: the admin at its start, the sub-editor at its end.
  await editorOf(mine).click();
  await mine.keyboard.press('ControlOrMeta+Home');
  await editorOf(theirs).click();
  await theirs.keyboard.press('ControlOrMeta+End');
  await Promise.all([
    mine.keyboard.type('Alpha types here. '),
    theirs.keyboard.type(' Beta types there.'),
  ]);
  await expect(editorOf(mine)).toContainText('Beta types there.', { timeout: SEEN_WITHIN_MS });
  await expect(editorOf(theirs)).toContainText('Alpha types here.', { timeout: SEEN_WITHIN_MS });
  const paragraph = editorOf(mine).locator('p').first();
  await expect(paragraph).toContainText('Alpha types here. The monsoon');
  await expect(paragraph).toContainText('office said. Beta types there.');

  // The admin saves: one revision with both texts, naming both writers. Just then the
  // sub-editor's browser cannot fetch the article (its network blinks): it hears the save and
  // tries again until it has it, so its own save later builds on it (no 409).
  let refused = 0;
  const blink = (route: Route) => {
    refused += 1;
    return route.abort();
  };
  await theirs.route('**/api/articles/article/*', blink);
  const res = await clickUpdate(mine, story._id);
  expect(res.status()).toBe(200);
  const saved = (await res.json()) as Article;
  expect(saved.description).toContain('Alpha types here.');
  expect(saved.description).toContain('Beta types there.');
  const { revisions } = await readJson<RevisionList>(
    await site.admin.get(`/api/articles/${story._id}/revisions`),
  );
  const save = revisions.find((r) => r.kind === 'save' && r.createdAt === saved.updatedAt);
  expect(save?.writers.map((w) => w.name).sort()).toEqual([ADMIN.name, editor.name].sort());
  await expect.poll(() => refused).toBeGreaterThan(0);
  await theirs.unroute('**/api/articles/article/*', blink);

  // The sub-editor's network goes away; they keep typing, and the admin too.
  await theirs.context().setOffline(true);
  toSecond.cut();
  await theirs.keyboard.type(' Written offline.');
  // (The save left the admin's focus on its button: back to the paragraph's start.)
  await editorOf(mine).click();
  await mine.keyboard.press('ControlOrMeta+Home');
  await mine.keyboard.type('Admin meanwhile. ');
  await expect(editorOf(mine)).toContainText('Admin meanwhile.');
  // Nothing of it travels while the network is away.
  await mine.waitForTimeout(1_500);
  await expect(editorOf(mine)).not.toContainText('Written offline.');
  await expect(editorOf(theirs)).not.toContainText('Admin meanwhile.');
  // Back: both texts merge, both ways.
  toSecond.restore();
  await theirs.context().setOffline(false);
  await expect(editorOf(mine)).toContainText('Written offline.', { timeout: BACK_WITHIN_MS });
  await expect(editorOf(theirs)).toContainText('Admin meanwhile.', { timeout: BACK_WITHIN_MS });

  // What the sub-editor wrote is acknowledged (the admin has it); then their process dies.
  await theirs.keyboard.type(' Before the kill.');
  await expect(editorOf(mine)).toContainText('Before the kill.', { timeout: BACK_WITHIN_MS });
  const [, second] = site.processes as [unknown, (typeof site.processes)[number]];
  second.process.kill('SIGKILL');
  // They reconnect to the first process and go on; the admin sees their next words.
  await theirs.keyboard.type(' After the kill.');
  await expect(editorOf(mine)).toContainText('After the kill.', { timeout: BACK_WITHIN_MS });
  expect(toSecond.routed[1]).toBeGreaterThan(0);
  await mine.keyboard.type('Admin after. ');
  await expect(editorOf(theirs)).toContainText('Admin after.', { timeout: BACK_WITHIN_MS });

  // The sub-editor's save goes to the process still up and keeps every word of both.
  const last = await clickUpdate(theirs, story._id);
  expect(last.status()).toBe(200);
  const stored = (await last.json()) as Article;
  for (const words of [
    'Alpha types here.',
    'Beta types there.',
    'Written offline.',
    'Admin meanwhile.',
    'Before the kill.',
    'After the kill.',
    'Admin after.',
  ])
    expect(stored.description).toContain(words);
  await mine.context().close();
  await theirs.context().close();
});
