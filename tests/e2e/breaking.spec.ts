/*
 * The breaking-news band as the desk and readers meet it (issue 25 item 2): an editor shows it
 * from the dashboard, linking a story; a reader's page that was already kept shows it, in the
 * interface language, and its link opens the story; Remove takes it off every page. The band
 * is on every page of the site, so whatever happens the test takes it off again.
 */
import { addressOf, ADMIN, expect, expectToast, openSignedIn, test, unique } from './fixtures';

test('an editor shows a breaking band from the dashboard; a kept page shows it, linked, until it is removed', async ({
  page,
  browser,
  make,
  api,
  admin,
}) => {
  const id = unique();
  const category = await make.category();
  const story = await make.article(category, { name: `Counting day ${id}` });
  const path = addressOf(story);
  // The reader's page is kept before the band exists.
  await api.get(path);
  expect(['hit', 'stale']).toContain((await api.get(path)).headers()['x-page-cache']);

  const text = `Results in two hours ${id}`;
  const reader = await browser.newContext();
  try {
    // The demo's own band (issue 72 item 5) goes first: the desk starts with none showing.
    await admin.delete('/api/breaking');
    await openSignedIn(page, ADMIN, '/admin/dashboard');
    const desk = page.getByRole('region', { name: 'Breaking news band' });
    await expect(desk.getByText('No band is showing.')).toBeVisible();
    await desk.getByLabel('What the band says').fill(text);
    await desk.getByLabel('Links to').selectOption({ label: story.name });
    await desk.getByLabel('Shows').selectOption({ label: 'For 30 minutes' });
    await desk.getByRole('button', { name: 'Show band' }).click();
    await expectToast(page, 'The band is on every page.');
    await expect(desk.getByText(text)).toBeVisible();

    const readerPage = await reader.newPage();
    const band = readerPage.getByRole('region', { name: /^(Breaking news|ब्रेकिंग न्यूज़)$/ });
    await expect
      .poll(async () => {
        await readerPage.goto(path);
        return (await band.count()) > 0 ? await band.innerText() : '';
      })
      .toContain(text);
    await band.getByRole('link', { name: text }).click();
    await expect(readerPage).toHaveURL(path);

    await desk.getByRole('button', { name: 'Remove band' }).click();
    await expectToast(page, 'The band was removed.');
    await expect(desk.getByText('No band is showing.')).toBeVisible();
    await expect
      .poll(async () => {
        await readerPage.goto(path);
        return band.count();
      })
      .toBe(0);
  } finally {
    await reader.close();
    await admin.delete('/api/breaking');
  }
});
