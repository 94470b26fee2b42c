import { ADMIN, expect, hydrated, newAccount, sidebar, signIn, test } from './fixtures';

/*
 * Bringing someone into the staff by invitation (issue 26 item 8). The browser tests' server
 * sends no mail (no SMTP_URL), so /admin/users shows the link to pass on; the person invited
 * opens it in their own browser, chooses a password and lands in the back office with the role
 * they were given. The link then says it was used. (The mailed link, read from a real SMTP
 * server, is tests/integration/api/mail.test.ts.)
 */
test('an administrator invites an editor, who joins from the link and lands in the back office', async ({
  page,
  browser,
  baseURL,
}) => {
  const person = newAccount('Editor');
  await signIn(page, ADMIN, '/admin/users');
  const form = page.getByRole('region', { name: 'Invite someone' });
  await form.getByLabel('Name').fill(person.name);
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Role').selectOption('editor');
  await form.getByRole('button', { name: 'Invite' }).click();
  const field = page.getByLabel(`This site sends no e-mail: give ${person.name} this link`, {
    exact: false,
  });
  await expect(field).toHaveValue(/\/invite\/[0-9a-f]{64}$/);
  const path = new URL(await field.inputValue()).pathname;

  // The person invited, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  try {
    const invitee = await context.newPage();
    await invitee.goto(path);
    await hydrated(invitee);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Join the staff' })).toBeVisible();
    await expect(
      invitee.getByText(`Welcome, ${person.name}: you are invited as Editor.`),
    ).toBeVisible();
    await invitee.getByLabel('Password', { exact: true }).fill(person.password);
    await invitee.getByLabel('Confirm Password').fill(person.password);
    await invitee.getByRole('button', { name: 'Set password and join' }).click();
    await expect(invitee).toHaveURL(/\/admin(\/|$)/);
    await hydrated(invitee);
    // An editor's back office: categories yes, users no.
    await expect(
      sidebar(invitee).getByRole('link', { name: 'Categories', exact: true }),
    ).toBeVisible();
    await expect(sidebar(invitee).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);

    // The link works once.
    const answer = await invitee.goto(path);
    expect(answer?.status()).toBe(410);
    await expect(
      invitee.getByText('This invitation was used already. Sign in with the password you chose.'),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
