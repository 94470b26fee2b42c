import { formatZoned, toZonedInput } from '../../common/time-zone';
import { ADMIN, expect, openSignedIn, savedThenBackToList, test } from './fixtures';

/**
 * A newsroom's day in the back office (DECISIONS.md §11, issue 9 items 1-3): an editor
 * schedules a draft from the form in the site's time zone and the list says when it goes out;
 * a draft's shared preview link opens for anyone, in the public layout.
 */

test('an editor schedules a draft from the form; the list shows when, in the site zone', async ({
  page,
  make,
}) => {
  const article = await make.article(await make.category(), { status: 'draft' });
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCMinutes(30, 0, 0);
  await openSignedIn(page, ADMIN, `/admin/edit-article/${article._id}`);
  await page.getByLabel('Status').selectOption({ label: 'Publish' });
  await page.getByLabel('When').selectOption({ label: 'Schedule' });
  await page.getByLabel('Date and time (Asia/Kolkata)').fill(toZonedInput(at, 'Asia/Kolkata'));
  await page.getByRole('button', { name: 'Update' }).click();
  await savedThenBackToList(page);
  const row = page.getByRole('row').filter({ hasText: article.name });
  await expect(row).toContainText(`Scheduled · ${formatZoned(at, 'Asia/Kolkata')}`);
  // Readers do not see it yet.
  expect((await page.request.get(`/${article.category?.slug}/${article.slug}`)).status()).toBe(404);
});

test('Share preview gives a link anyone can open, showing the draft as readers will see it', async ({
  page,
  make,
  browser,
}) => {
  const article = await make.article(await make.category(), { status: 'draft' });
  await openSignedIn(page, ADMIN, `/admin/edit-article/${article._id}`);
  await page.getByRole('button', { name: 'Share preview' }).click();
  const link = page.getByLabel('Preview link (anyone with it can read this article for 7 days)');
  await expect(link).toHaveValue(/\/preview\/[0-9a-f.-]+$/);
  const url = await link.inputValue();

  const stranger = await browser.newContext();
  try {
    const reader = await stranger.newPage();
    const res = await reader.goto(url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['x-robots-tag']).toBe('noindex');
    await expect(reader.getByRole('heading', { level: 1, name: article.name })).toBeVisible();
    await expect(reader.getByText('Preview: readers cannot see this article yet.')).toBeVisible();
  } finally {
    await stranger.close();
  }
});
