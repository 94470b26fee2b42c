/*
 * Issue 9 items 6 and 9 as an editor uses them: the article list's filters live in the address
 * (reload, back and forward keep them; a new filter goes back to page 1), and the dashboard's
 * sections, which follow a promotion without signing in again.
 */
import {
  ADMIN,
  Api,
  type Article,
  expect,
  hydrated,
  openSignedIn,
  readJson,
  test,
  unique,
} from './fixtures';

test('the article list filters, searches and sorts in the address', async ({ page, make }) => {
  const id = unique();
  const category = await make.category();
  const published = await make.article(category, { name: `Filter ${id} out now` });
  const draft = await make.article(category, { name: `Filter ${id} draft`, status: 'draft' });
  await make.article(category, {
    name: `फ़िल्टर ${id} समीक्षा`,
    language: 'hi',
    status: 'pending',
  });

  await openSignedIn(page, ADMIN, '/admin/articles?page=3');
  const filters = page.getByRole('search', { name: 'Filter articles' });
  const rows = page.getByRole('main').getByRole('row');

  // A filter goes back to page 1 and names only what is chosen.
  await filters.getByLabel('Category').selectOption(category._id);
  await expect(page).toHaveURL(`/admin/articles?categoryId=${category._id}`);
  await expect(page.getByText('3 articles', { exact: true })).toBeVisible();

  await filters.getByLabel('Status').selectOption('draft');
  await expect(page).toHaveURL(`/admin/articles?status=draft&categoryId=${category._id}`);
  await expect(page.getByText('1 article', { exact: true })).toBeVisible();
  const draftRow = rows.filter({ hasText: draft.name });
  await expect(draftRow.getByRole('button', { name: `Preview "${draft.name}"` })).toBeVisible();
  await expect(draftRow.getByText('Draft', { exact: true })).toBeVisible();

  // Reload keeps the filters, in the list and in the form.
  await page.reload();
  await hydrated(page);
  await expect(filters.getByLabel('Status')).toHaveValue('draft');
  await expect(filters.getByLabel('Category')).toHaveValue(category._id);
  await expect(rows.filter({ hasText: draft.name })).toHaveCount(1);
  await expect(rows.filter({ hasText: published.name })).toHaveCount(0);

  // Back and forward move between the filters.
  await page.goBack();
  await expect(page).toHaveURL(`/admin/articles?categoryId=${category._id}`);
  await expect(filters.getByLabel('Status')).toHaveValue('');
  await expect(page.getByText('3 articles', { exact: true })).toBeVisible();
  await page.goForward();
  await expect(filters.getByLabel('Status')).toHaveValue('draft');
  await expect(page.getByText('1 article', { exact: true })).toBeVisible();

  // A title search (Hindi), with the language filter; then the order.
  await filters.getByLabel('Status').selectOption('');
  // The list has followed the new address before the search box is typed into.
  await expect(page).toHaveURL(`/admin/articles?categoryId=${category._id}`);
  await filters.getByLabel('Search titles').fill(`फ़िल्टर ${id}`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 article', { exact: true })).toBeVisible();
  await expect(rows.filter({ hasText: 'समीक्षा' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'समीक्षा' }).getByText('Pending review')).toBeVisible();
  await filters.getByLabel('Language').selectOption('en');
  await expect(page.getByText('No articles found')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('language')).toBe('en');
  expect(new URL(page.url()).searchParams.get('q')).toBe(`फ़िल्टर ${id}`);

  await page.getByRole('link', { name: 'Show all' }).click();
  await expect(page).toHaveURL('/admin/articles');
  await filters.getByLabel('Search titles').fill(`Filter ${id}`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await filters.getByLabel('Sort by').selectOption('views');
  await expect(page).toHaveURL(new RegExp(`[?&]sort=views`));
  const liveRow = rows.filter({ hasText: published.name });
  await expect(
    liveRow.getByRole('link', { name: `View "${published.name}" on the site` }),
  ).toHaveAttribute('href', `/${category.slug}/${published.slug}`);
  await expect(liveRow.getByText(/^Published \d/)).toBeVisible();
});

test('the dashboard shows an author their own desk, and the whole site once promoted', async ({
  page,
  make,
  admin,
  playwright,
  baseURL,
}) => {
  const id = unique();
  const category = await make.category();
  const person = await make.account({ label: 'Desk', role: 'author' });
  const context = await playwright.request.newContext({ baseURL });
  const asAuthor = await Api.signIn(context, person);
  const own = await readJson<Article>(
    await asAuthor.createArticle({
      name: `My draft ${id}`,
      slug: `my-draft-${id}`,
      category: category._id,
      imageUrl: await make.image(),
      description: '<p>Not ready yet.</p>',
      status: 'draft',
    }),
    201,
  );
  make.forgetArticle(own._id);
  await context.dispose();
  const pending = await make.article(category, { name: `Waiting ${id}`, status: 'pending' });
  const soon = new Date(Date.now() + 30 * 60_000).toISOString();
  const scheduled = await make.article(category, { name: `Tomorrow ${id}`, publishedAt: soon });
  const read = await make.article(category, { name: `Read ${id}` });
  // Read from 12 addresses, so it is among the week's top 10 whatever other tests read.
  for (let n = 1; n <= 12; n++) {
    const res = await admin.request.post(`/api/articles/${read._id}/view`, {
      headers: { 'x-forwarded-for': `10.77.${n}.${n}` },
    });
    expect(await res.json()).toEqual({ counted: true });
  }
  // Counted views are written within 5 seconds: the dashboard shows them once they are.
  await expect.poll(async () => (await admin.article(read._id)).views).toBe(12);

  await openSignedIn(page, person, '/admin/dashboard');
  await expect(page.getByText('Numbers for your own articles.')).toBeVisible();
  const drafts = page.getByRole('region', { name: 'My drafts' });
  await expect(drafts.getByRole('link', { name: own.name })).toHaveAttribute(
    'href',
    `/admin/edit-article/${own._id}`,
  );
  await expect(page.getByRole('region', { name: 'Waiting for review' })).toContainText(
    'Nothing is waiting for review.',
  );
  // The author's articles were never read: the chart says so instead of an empty box.
  await expect(page.getByText('No views yet')).toBeVisible();
  await expect(page.getByTestId('count-views today')).toHaveText('0');

  // Promoted while signed in: the next load is an editor's dashboard, with the same session.
  await admin.changeRole(person._id, { role: 'editor' });
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Numbers for the whole site.')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Waiting for review' })
      .getByRole('link', { name: pending.name }),
  ).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Scheduled' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: scheduled.name })).toContainText(
    /Scheduled · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
  );
  await expect(
    page.getByRole('region', { name: 'Most viewed, last 7 days' }).getByRole('link', {
      name: read.name,
    }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Views per day, last 30 days' })).toBeVisible();
  const stats = await readJson<{ views: { today: number } }>(
    await admin.get('/api/stats/dashboard'),
  );
  await expect(page.getByTestId('count-views today')).toHaveText(
    stats.views.today.toLocaleString('en-IN'),
  );
});

test("the dashboard's frame shows at once, each panel fills as its answer comes, and the welcome knows the site's sections", async ({
  page,
}) => {
  // The morning meeting's answer is held back: everything else must show without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/stats/dashboard', async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, ADMIN, '/admin/dashboard?welcome=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' }).first()).toBeVisible();
  // The site's numbers came: their counters show while the morning meeting still loads.
  await expect(page.getByTestId('count-categories')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('region', { name: 'Waiting for review' })).toHaveCount(0);

  // The seeded site has its sections: the welcome does not ask for them again.
  const welcome = page.getByRole('region', {
    name: /^Welcome, .*: you are this site's administrator\.$/,
  });
  await expect(welcome).toContainText(
    'The first account on a new site runs it. The site already has its sections; next:',
  );
  await expect(
    welcome.getByRole('link', { name: 'Create the categories your articles will be filed under.' }),
  ).toHaveCount(0);
  await expect(
    welcome.getByRole('link', { name: 'Write an article.', exact: true }),
  ).toHaveAttribute('href', '/admin/add-article');

  release();
  await expect(page.getByRole('region', { name: 'Waiting for review' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});
