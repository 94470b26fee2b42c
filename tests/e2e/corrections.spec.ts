/*
 * Corrections on the record (issue 43 item 3): an editor ticks "This is a correction" on a
 * published story, writes the public note and saves; the story's page shows "Corrected on
 * {date}: {note}" under it, and /corrections lists it with a link to the story.
 */
import { addressOf, clickUpdate, expect, hydrated, openSignedIn, test, unique } from './fixtures';

test('an editor marks a correction in the form; the story and /corrections show it', async ({
  page,
  make,
}) => {
  const article = await make.article(await make.category());
  const editor = await make.account({ role: 'editor' });
  const note = `The mayor's name was misspelt ${unique()}.`;
  await openSignedIn(page, editor, `/admin/edit-article/${article._id}`);
  await hydrated(page);
  await page.getByLabel('This is a correction').check();
  await page.getByLabel('Correction note (shown to readers)').fill(note);
  expect((await clickUpdate(page, article._id)).status()).toBe(200);
  // The form starts again as no correction: a second save does not repeat it.
  await expect(page.getByLabel('This is a correction')).not.toBeChecked();

  await page.goto(addressOf(article));
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Corrections' })).toContainText(
    /Corrected on .+:/,
  );

  await page.goto('/corrections');
  await expect(page.getByRole('heading', { level: 1, name: 'Corrections' })).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByRole('link', { name: article.name })).toHaveAttribute(
    'href',
    addressOf(article),
  );
});
