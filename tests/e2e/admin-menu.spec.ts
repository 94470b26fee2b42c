/*
 * Issue 72 item 4: the back office's menu grouped under a newsroom's headings, in both interface
 * languages, walked with the keyboard, the current screen marked; the dashboard leads with what
 * waits for review, what is scheduled and what is read now.
 */
import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from './axe';
import {
  ADMIN,
  ADMIN_COPY,
  expect,
  expectToast,
  hydrated,
  openSignedIn,
  sidebar,
  test,
} from './fixtures';

test('the menu is grouped, walked with Tab and marks the current screen', async ({ page }) => {
  // Many checks and an axe run: more than the default minute on a shared machine.
  test.setTimeout(120_000);
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  await hydrated(page);
  const nav = sidebar(page);
  const en = ADMIN_COPY.en;

  // Four headings, each naming a real list of its links.
  await expect(nav.getByRole('heading')).toHaveText([
    en.navGroups.content,
    en.navGroups.audience,
    en.navGroups.revenue,
    en.navGroups.site,
  ]);
  const content = nav.getByRole('list', { name: en.navGroups.content });
  await expect(content.getByRole('link', { name: en.nav.articles })).toBeVisible();
  await expect(content.getByRole('link', { name: en.nav.categories })).toBeVisible();
  await expect(content.getByRole('link', { name: en.nav.comments })).toBeVisible();
  const audience = nav.getByRole('list', { name: en.navGroups.audience });
  await expect(audience.getByRole('link', { name: en.nav.newsletters })).toBeVisible();
  await expect(audience.getByRole('link', { name: en.nav.subscribers })).toBeVisible();
  const revenue = nav.getByRole('list', { name: en.navGroups.revenue });
  await expect(revenue.getByRole('link', { name: en.nav.ads })).toBeVisible();
  await expect(revenue.getByRole('link', { name: en.nav.members })).toBeVisible();
  const site = nav.getByRole('list', { name: en.navGroups.site });
  for (const name of [en.nav.settings, en.nav.users, en.nav.keys, en.nav.webhooks, en.nav.audit])
    await expect(site.getByRole('link', { name })).toBeVisible();

  // The current screen is marked, and only it.
  await expect(nav.getByRole('link', { name: en.nav.dashboard })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

  // Tab walks the links in the menu's order; Enter opens the one in focus.
  await nav.getByRole('link', { name: en.nav.articles }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(content.getByRole('link', { name: en.nav.categories })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/categories');
  await expect(content.getByRole('link', { name: en.nav.categories })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: en.nav.dashboard })).not.toHaveAttribute(
    'aria-current',
  );

  const bad = await seriousViolations(new AxeBuilder({ page }).include('#admin-sidebar'));
  expect(bad, `axe violations in the menu:\n${bad.join('\n')}`).toEqual([]);
});

test('the dashboard leads with the review queue, the scheduled and what is read now', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  const main = page.getByRole('main');
  const en = ADMIN_COPY.en.dashboard;
  const headings = main.getByRole('heading', { level: 2 });
  await expect(headings.first()).toHaveText(en.reviewQueue);
  const texts = await headings.allTextContents();
  expect(texts.slice(0, 3)).toEqual([en.reviewQueue, en.scheduled, en.top]);
});

test('an editor who picks Hindi sees the headings in Hindi, Site left out', async ({
  page,
  make,
}) => {
  const editor = await make.account({ label: 'Meera', role: 'editor' });
  await openSignedIn(page, editor, '/profile');
  await page.getByLabel('Language of the dashboard').selectOption('hi');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Profile updated.');

  await page.goto('/admin/articles');
  await hydrated(page);
  const hi = ADMIN_COPY.hi;
  const nav = sidebar(page, 'hi');
  // An editor opens no screen of the Site group: its heading is not shown either.
  await expect(nav.getByRole('heading')).toHaveText([
    hi.navGroups.content,
    hi.navGroups.audience,
    hi.navGroups.revenue,
  ]);
  await expect(
    nav
      .getByRole('list', { name: hi.navGroups.content })
      .getByRole('link', { name: hi.nav.articles }),
  ).toHaveAttribute('aria-current', 'page');
});
