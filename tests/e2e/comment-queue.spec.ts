import {
  expect,
  expectToast,
  hydrated,
  openSignedIn,
  readJson,
  sidebar,
  test,
  unique,
} from './fixtures';

/*
 * The comments' queue in the back office (issue 42 item 2): a moderator signs in to it and sees
 * only it in the menu; held comments show their story and why they wait; Approve shows one to
 * readers, the `a` key the next (the shortcuts are written on the screen). The administrator's
 * comments are held by hand (PUT .../status): staff are never held, and a reader's comment needs
 * a proved address, which reader-email-link.spec.ts covers.
 */
test('a moderator approves held comments with the button and the keyboard', async ({
  page,
  admin,
  api,
  make,
  consoleErrors,
}) => {
  const story = await make.article(await make.category());
  const held: string[] = [];
  for (const n of [1, 2]) {
    const body = `Held comment ${n} ${unique()}`;
    const { _id } = await readJson<{ _id: string }>(
      await admin.post(`/api/articles/${story._id}/comments`, { body }),
      201,
    );
    await readJson(await admin.put(`/api/comments/${_id}/status`, { status: 'pending' }));
    held.push(body);
  }
  const moderator = await make.account({ label: 'Moderator', role: 'moderator' });

  // One story's queue: other journeys' held comments are not in it.
  await openSignedIn(page, moderator, `/admin/comments?article=${story._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible();
  const side = sidebar(page);
  await expect(side.getByRole('link', { name: 'Comments', exact: true })).toBeVisible();
  for (const name of ['Dashboard', 'Articles', 'Users', 'Settings'])
    await expect(side.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();

  const queue = page.getByRole('list', { name: 'Comments' });
  const first = queue.getByRole('listitem').filter({ hasText: held[0]! });
  await expect(first).toContainText(`on “${story.name}”`);
  await expect(first).toContainText('Staff');
  await first.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, '1 comment changed.');
  await expect(queue.getByRole('listitem').filter({ hasText: held[0]! })).toHaveCount(0);

  // The next one is the current one now: `a` approves it.
  const second = queue.getByRole('listitem').filter({ hasText: held[1]! });
  await expect(second).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('a');
  await expect(second).toHaveCount(0);

  const shown = await readJson<{ comments: { body: string }[] }>(
    await api.get(`/api/articles/${story._id}/comments`),
  );
  expect(shown.comments.map((c) => c.body)).toEqual(held.map((b) => `<p>${b}</p>`));

  // Their other screens stay closed to them (the 403 is the answer this step expects).
  consoleErrors.allow(/status of 403 .*\/admin\/dashboard/);
  const dashboard = await page.goto('/admin/dashboard');
  expect(dashboard?.status()).toBe(403);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
});
