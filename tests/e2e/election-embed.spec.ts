import type { Page } from '@playwright/test';
import { ADMIN, type Article, expect, expectToast, openSignedIn, test } from './fixtures';

/**
 * The editor's election block (issue 69 item 4): "Results" asks for a results page's address in
 * a dialog that refuses anything else, puts the block in the text, and the save keeps it as the
 * block with its link (the reader's page fills it with the figures: tests/integration/web/
 * election-embeds.test.ts).
 */

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Article Description' });
const toolbarOf = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

test('a results block is asked for by its page’s address and saved as a block with its link', async ({
  page,
  make,
}) => {
  test.setTimeout(120_000);
  const article = await make.article(await make.category());
  await openSignedIn(page, ADMIN, `/admin/edit-article/${article._id}`);
  const editor = editorOf(page);
  await expect(editor).toContainText('Second paragraph');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('The count so far.');
  await page.keyboard.press('Enter');

  await toolbarOf(page).getByRole('button', { name: 'Results', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Insert election results' });
  const address = dialog.getByLabel('Results page address');
  await address.fill('/local/rajasthan');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(address).toHaveAccessibleDescription(/Enter the address of a results page/);
  await address.fill('https://patrika.example/elections/lok-sabha-2024/uttar-pradesh/77-varanasi');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.locator('div[data-election="lok-sabha-2024"]')).toHaveCount(1);
  // The cursor went below the block: typing does not replace it.
  await page.keyboard.type('More soon.');
  await expect(editor.locator('div[data-election="lok-sabha-2024"]')).toHaveCount(1);

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/articles\/[\w-]+$/.test(r.url()),
  );
  const button = page.getByRole('button', { name: 'Update', exact: true });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const res = await saved;
  expect(res.status()).toBe(200);
  await expectToast(page, 'Success! Article updated successfully.');
  const stored = (await res.json()) as Article;
  expect(stored.description).toBe(
    '<p>The count so far.</p><div data-election="lok-sabha-2024" data-election-state="uttar-pradesh" data-election-seat="77"><a href="/elections/lok-sabha-2024/uttar-pradesh/77">/elections/lok-sabha-2024/uttar-pradesh/77</a></div><p>More soon.</p>',
  );
});
