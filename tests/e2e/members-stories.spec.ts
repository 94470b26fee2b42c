/*
 * A members' story (issue 39 item 3, docs/decisions/060) as readers meet it: an anonymous
 * browser gets the headline, the first paragraph and the wall, and its page holds nothing more;
 * a member of a paid plan who signs in from the wall comes back to the story and reads it whole
 * (the page asks for their membership once, and loads again as their class's page).
 */
import { addressOf, expect, hydrated, openSignedIn, readJson, test } from './fixtures';

const FIRST = 'The council met before dawn, shown to everyone.';
const THIRD = 'The vote went against the mayor, for members only.';

test('a paid story is walled for others and whole for a member who signs in from the wall', async ({
  page,
  admin,
  make,
}) => {
  const category = await make.category();
  const story = await make.article(category, {
    description: `<p>${FIRST}</p><p>The second paragraph.</p><p>${THIRD}</p>`,
    access: 'paid',
  });
  const plan = await make.plan({ name: `Paid ${story._id.slice(0, 8)}`, access: 'paid' });
  const account = await make.account({ label: 'member' });
  const member = account;
  await readJson(
    await admin.post(`/api/members/${member._id}/complimentary`, { planId: plan._id }),
    201,
  );

  await page.goto(addressOf(story));
  await hydrated(page);
  const wall = page.getByRole('complementary', { name: 'This story is for members' });
  await expect(wall).toBeVisible();
  await expect(page.getByText(FIRST)).toBeVisible();
  expect(await page.content()).not.toContain(THIRD);

  await wall.getByRole('link', { name: 'Already a member? Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(addressOf(story));
  // The page asks for the membership and loads again as the class's page.
  await expect(page.getByText(THIRD)).toBeVisible();
  await expect(wall).toHaveCount(0);
});

test('the plans page lists the plans on offer, in the page’s language, after load', async ({
  page,
  make,
}) => {
  const name = `Monthly ${Date.now().toString(36)}`;
  await make.plan({ name, trialDays: 7 });
  await page.goto('/plans');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Become a member' })).toBeVisible();
  const card = page.getByRole('region', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('₹199.00')).toBeVisible();
  await expect(card.getByText('First 7 days free')).toBeVisible();
  // This site has no payment provider's keys: none is offered, and the page says so.
  await expect(page.getByText('Payments are not set up on this site yet.')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
});

test('a member sees their membership on /profile and cancels it', async ({ page, admin, make }) => {
  const name = `Yearly ${Date.now().toString(36)}`;
  const plan = await make.plan({ name, interval: 'year', amount: 99900 });
  const account = await make.account({ label: 'profile-member' });
  await readJson(
    await admin.post(`/api/members/${account._id}/complimentary`, { planId: plan._id }),
    201,
  );
  await openSignedIn(page, account, '/profile');
  const section = page.getByRole('region', { name: 'Membership' });
  await expect(section.getByText(name)).toBeVisible();
  await expect(section.getByText('Active')).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await section.getByRole('button', { name: 'Cancel membership' }).click();
  // A complimentary membership ends at once.
  await expect(section.getByText('You are not a member.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'See the plans' })).toHaveAttribute(
    'href',
    '/plans',
  );
});
