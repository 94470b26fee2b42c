/*
 * Gift links (issue 39 item 5) as readers meet them: a member reading a members' story whole
 * clicks "Gift this story", gets a link with a copy button and the gifts left this month, and
 * a browser with no session opens the link and reads the story whole, until the member stops the
 * link on /profile.
 */
import { addressOf, expect, hydrated, openSignedIn, readJson, test } from './fixtures';

const FIRST = 'The river rose in the night, shown to everyone.';
const THIRD = 'The dam’s gates were opened early, for members only.';

test('a member gives a members’ story and an anonymous browser reads it from the link', async ({
  page,
  browser,
  admin,
  make,
  consoleErrors,
}) => {
  const category = await make.category();
  const story = await make.article(category, {
    description: `<p>${FIRST}</p><p>The second paragraph.</p><p>${THIRD}</p>`,
    access: 'members',
  });
  const plan = await make.plan({ name: `Gifts ${story._id.slice(0, 8)}`, amount: 9900 });
  const account = await make.account({ label: 'giver' });
  await readJson(
    await admin.post(`/api/members/${account._id}/complimentary`, { planId: plan._id }),
    201,
  );

  await openSignedIn(page, account, addressOf(story));
  // The walled page asks for the membership once and loads again as the class's page.
  await expect(page.getByText(THIRD)).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Gift this story' }).click();
  const link = page.locator('[data-gift-out] input');
  await expect(link).toHaveValue(/\?gift=/);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(page.getByText('Gifts left this month: 4')).toBeVisible();

  const url = new URL(await link.inputValue());
  const anonymous = await browser.newContext();
  try {
    const other = await anonymous.newPage();
    await other.goto(`${url.pathname}${url.search}`);
    await expect(other.getByText(THIRD)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Gift this story' })).toBeHidden();
    // The plain address stays walled for that browser.
    await other.goto(addressOf(story));
    await expect(
      other.getByRole('complementary', { name: 'This story is for members' }),
    ).toBeVisible();
    expect(await other.content()).not.toContain(THIRD);

    // The giver changes their mind: /profile lists the link, and stopping it shuts it.
    await page.goto('/profile');
    await hydrated(page);
    const gifts = page.getByRole('region', { name: 'Gift links this month' });
    await expect(gifts.getByText(story.name)).toBeVisible();
    await expect(gifts.getByText(/^Opens the story until /)).toBeVisible();
    // A stop refused says why and keeps the list: the session ended (another tab signed out).
    consoleErrors.allow(/status of 401 .*\/api\/me\/gifts\//);
    await page.evaluate(() => fetch('/api/users/signout', { method: 'POST' }));
    page.once('dialog', (dialog) => void dialog.accept());
    await gifts.getByRole('button', { name: 'Stop this link' }).click();
    await expect(page.getByText('Not signed in, or the session has expired.')).toBeVisible();
    await expect(gifts.getByRole('button', { name: 'Stop this link' })).toBeVisible();
    await openSignedIn(page, account, '/profile');
    await hydrated(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await gifts.getByRole('button', { name: 'Stop this link' }).click();
    await expect(page.getByText('The link no longer opens the story.')).toBeVisible();
    await expect(gifts.getByText('Stopped', { exact: true })).toBeVisible();
    await expect(gifts.getByRole('button', { name: 'Stop this link' })).toBeHidden();
    await other.goto(`${url.pathname}${url.search}`);
    await expect(
      other.getByRole('complementary', { name: 'This story is for members' }),
    ).toBeVisible();
    expect(await other.content()).not.toContain(THIRD);
  } finally {
    await anonymous.close();
  }
});
