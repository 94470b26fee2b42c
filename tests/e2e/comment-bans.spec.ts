import { Api, expect, expectToast, openSignedIn, readJson, test } from './fixtures';

/*
 * The bans screen (issue 42 item 2): from a comment's "Ban" link (which names its reader) a
 * moderator bans the reader with a reason; the reader's comments are refused with 403
 * `comment.banned` and the reason; the ban is listed and lifted from the list. The screen is in
 * the moderators' menu.
 */
test('a moderator bans a reader with a reason and lifts the ban', async ({ page, make, api }) => {
  const story = await make.article(await make.category());
  const reader = await make.account({ label: 'Loud' });
  const moderator = await make.account({ label: 'Moderator', role: 'moderator' });
  const name = reader.name;
  await openSignedIn(
    page,
    moderator,
    `/admin/comment-bans?${new URLSearchParams({ reader: reader._id, name })}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Banned readers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Banned readers', exact: true })).toBeVisible();
  await page.getByLabel('Reason (the reader is told it)').fill('Insults, again');
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  await expectToast(page, 'The reader is banned.');
  const list = page.getByRole('table', { name: 'Bans' });
  const row = list.getByRole('row').filter({ hasText: reader.email });
  await expect(row).toContainText('Insults, again');
  await expect(row).toContainText('until lifted');

  const signedIn = await Api.signIn(api.request, reader);
  const refused = await signedIn.post(`/api/articles/${story._id}/comments`, { body: 'Hello' });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'comment.banned', reason: 'Insults, again' });

  await row.getByRole('button', { name: `Lift the ban of ${name}` }).click();
  await expectToast(page, 'The ban is lifted.');
  await expect(list.getByRole('row').filter({ hasText: reader.email })).toHaveCount(0);
  const after = await signedIn.post(`/api/articles/${story._id}/comments`, { body: 'Hello' });
  expect((await readJson<{ code: string }>(after, 403)).code).not.toBe('comment.banned');
});
