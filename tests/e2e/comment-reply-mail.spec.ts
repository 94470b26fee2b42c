import { expect, hydrated, openSignedIn, readJson, test } from './fixtures';

/*
 * "Mail me replies to my comments" on /profile (issue 42 item 4): off for a new reader; the
 * switch turns it on at once (`PUT /api/me/notifications`), a reload shows it on, and the
 * reader's own call says so; off again the same way.
 */
test('a reader turns the mail of replies to their comments on and off', async ({ page, make }) => {
  const account = await make.account();
  await openSignedIn(page, account, '/profile');
  await hydrated(page);
  const toggle = page.getByRole('switch', { name: 'Mail me replies to my comments' });
  await expect(toggle).not.toBeChecked();

  await toggle.check();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(toggle).toBeChecked();
  const mine = await readJson<{ commentReplies: boolean }>(
    await page.request.get('/api/me/notifications'),
  );
  expect(mine).toEqual({ commentReplies: true });

  await toggle.uncheck();
  await page.reload();
  await hydrated(page);
  await expect(toggle).not.toBeChecked();
});
