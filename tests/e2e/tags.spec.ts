/*
 * Tags in the editor (issue 26 item 5): an editor types tags, Hindi and English, sees existing
 * tags suggested as they type, removes one, saves; the article's page links the tags and a
 * tag's page lists the piece.
 */
import { ADMIN, clickUpdate, expect, hydrated, openSignedIn, test, unique } from './fixtures';

test('an editor tags a story with suggestions as they type; the tag page lists it', async ({
  page,
  make,
  admin,
}) => {
  const category = await make.category();
  const known = `Monsoon ${unique()}`;
  await make.article(category, { tags: [known] });
  const story = await make.article(category, { name: `Rain in Jaipur ${unique()}` });

  await openSignedIn(page, ADMIN, `/admin/edit-article/${story._id}`);
  await hydrated(page);
  const box = page.getByLabel('Tags', { exact: true });
  await box.fill(known.slice(0, 9));
  // The box's list offers the existing tag once typing pauses.
  const offered = page.locator('#tags-suggestions option');
  await expect(offered).toHaveCount(1);
  await expect(offered).toHaveAttribute('value', known);
  await box.fill(known);
  await box.press('Enter');
  await box.fill('वर्षा');
  await box.press(',');
  await box.fill('Typo tag');
  await box.press('Enter');
  const chosen = page.getByRole('list', { name: 'Tags of this article' });
  await expect(chosen.getByRole('listitem')).toHaveText([known, 'वर्षा', 'Typo tag']);
  await page.getByRole('button', { name: 'Remove the tag "Typo tag"' }).click();
  await expect(chosen.getByRole('listitem')).toHaveText([known, 'वर्षा']);

  expect((await clickUpdate(page, story._id)).status()).toBe(200);
  expect((await admin.article(story._id)).tags).toEqual([known, 'वर्षा']);

  await page.goto(`/${category.slug}/${story.slug}`);
  await page.getByRole('navigation', { name: 'Tags' }).getByRole('link', { name: 'वर्षा' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('वर्षा');
  await expect(page.getByRole('link', { name: story.name, exact: true })).toBeVisible();
});
