import { startWebhookReceiver } from '../setup/webhook-receiver';
import { ADMIN, expect, expectToast, hydrated, openSignedIn, test, unique } from './fixtures';

/*
 * The back office's screens for what the API already had (issue 41 items 1 and 3, issue 37
 * item 3), used as a person would: a webhook pointed at a receiver on this machine (verifying
 * with the `standardwebhooks` library, tests/setup/webhook-receiver.ts) gets a story's
 * `article.published` and gets it again on "Send again"; a key shown once works on the read API
 * until it is revoked; a newsletter made through its form (a bad time refused under the field),
 * changed, sent now, and its issue listed.
 */
test.describe('the back office desk screens', () => {
  // Each journey waits for the server's own work too (a delivery, an issue going out).
  test.describe.configure({ timeout: 180_000 });

  test('webhooks: add one, see its secret once, see a delivery and send it again', async ({
    page,
    make,
    admin,
  }) => {
    let secret = '';
    const receiver = await startWebhookReceiver(() => secret);
    make.onCleanup(() => receiver.stop());
    const category = await make.category();
    await openSignedIn(page, ADMIN, '/admin/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await hydrated(page);

    const add = page.getByRole('region', { name: 'Add a webhook' });
    // Nothing chosen: refused under the list before anything is sent.
    await add.getByLabel('Address (URL)').fill(receiver.url);
    await add.getByRole('button', { name: 'Add webhook' }).click();
    await expect(add.getByText('events is required: at least one event.')).toBeVisible();
    await add.getByRole('checkbox', { name: 'article.published' }).check();
    await add.getByLabel('Description').fill('The newsroom ticker');
    await add.getByRole('button', { name: 'Add webhook' }).click();
    await expectToast(page, 'The webhook was added.');
    const shown = add.getByLabel('Signing secret of the new webhook');
    await expect(shown).toHaveValue(/^whsec_/);
    await expect(add.getByText('you will not see it again', { exact: false })).toBeVisible();
    await expect(add.getByRole('button', { name: 'Copy' })).toBeVisible();
    secret = await shown.inputValue();
    const listed = (await (await admin.get('/api/webhooks')).json()) as {
      _id: string;
      url: string;
    }[];
    const hook = listed.find((h) => h.url === receiver.url);
    expect(hook).toBeDefined();
    make.onCleanup(() => admin.delete(`/api/webhooks/${hook!._id}`));
    await add.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toHaveCount(0);

    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('The newsroom ticker');
    await expect(row).toContainText('On');

    // Edited: the description changes, the events stay.
    await row.getByRole('button', { name: `Edit: ${receiver.url}` }).click();
    const edit = page.getByRole('region', { name: `Edit the webhook for ${receiver.url}` });
    await edit.getByLabel('Description').fill('The TV ticker');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'The webhook was saved.');
    await expect(row).toContainText('The TV ticker');

    // A story published: its delivery arrives, signed, and the list shows it.
    const story = await make.article(category);
    await row.getByRole('button', { name: `Deliveries: ${receiver.url}` }).click();
    const deliveries = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    const delivered = deliveries.getByRole('row').filter({ hasText: 'article.published' });
    await expect(delivered).toContainText('Delivered', { timeout: 30_000 });
    await expect(delivered).toContainText('204');
    const got = receiver.received.filter((r) => r.body.data.id === story._id);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);

    await delivered.getByRole('button', { name: /^Send again: article\.published/ }).click();
    await expectToast(page, 'Sent again: Delivered.');
    const again = receiver.received.filter((r) => r.body.data.id === story._id);
    expect(again).toHaveLength(2);
    expect(again[1]!.id).toBe(again[0]!.id);
    expect(again[1]!.verified).toBe(true);

    // Turned off and on again, then deleted after the question.
    await row.getByRole('button', { name: `Turn off: ${receiver.url}` }).click();
    await expectToast(page, 'The webhook was turned off.');
    await expect(row).toContainText('Off');
    await row.getByRole('button', { name: `Turn on again: ${receiver.url}` }).click();
    await expectToast(page, 'The webhook was turned on again.');
    await row.getByRole('button', { name: `Delete: ${receiver.url}` }).click();
    const question = page.getByRole('dialog', {
      name: `Delete the webhook for ${receiver.url} and its deliveries?`,
    });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'The webhook was deleted.');
    await expect(row).toHaveCount(0);
  });

  test('API keys: create one, use the key shown once, revoke it', async ({ page, request }) => {
    const name = `Android app ${unique()}`;
    await openSignedIn(page, ADMIN, '/admin/keys');
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await hydrated(page);

    const add = page.getByRole('region', { name: 'Create a key' });
    await add.getByLabel('Rate limit (requests a minute)').fill('0');
    await add.getByRole('button', { name: 'Create key' }).click();
    await expect(add.getByText('name is required: what the key is for')).toBeVisible();
    await expect(
      add.getByText('rateLimit must be a whole number from 1 to 1000000', { exact: false }),
    ).toBeVisible();
    await add.getByLabel('Name (what the key is for)').fill(name);
    await add.getByLabel('Rate limit (requests a minute)').fill('120');
    await add.getByRole('button', { name: 'Create key' }).click();
    await expectToast(page, 'The key was created.');
    const shown = add.getByLabel('The new key');
    await expect(add.getByText('you will not see it again', { exact: false })).toBeVisible();
    const key = await shown.inputValue();
    expect(key.length).toBeGreaterThan(20);

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('120 a minute');
    await expect(row).toContainText('Active');

    const read = () => request.get('/api/v1/articles', { headers: { 'x-api-key': key } });
    expect((await read()).status()).toBe(200);

    await row.getByRole('button', { name: `Revoke: ${name}` }).click();
    await page
      .getByRole('dialog', {
        name: `Revoke the key “${name}”? Apps sending it are refused from now on.`,
      })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expectToast(page, `The key “${name}” was revoked.`);
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: `Revoke: ${name}` })).toHaveCount(0);
    expect((await read()).status()).toBe(401);
  });

  test('newsletters: create one through the form, change it, send it now, see the issue', async ({
    page,
    make,
    admin,
  }) => {
    const name = `Morning digest ${unique()}`;
    const category = await make.category();
    await openSignedIn(page, ADMIN, '/admin/newsletters');
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
    await hydrated(page);

    const add = page.getByRole('region', { name: 'Create a newsletter' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('Schedule').selectOption({ label: 'Weekly' });
    await add.getByLabel('Day of the week').selectOption({ label: 'Friday' });
    await add.getByRole('checkbox', { name: category.name }).check();
    await add.getByLabel('Tags').fill('monsoon, Jaipur');
    await add.getByLabel('Time (HH:MM)').fill('25:99');
    await add.getByRole('button', { name: 'Create newsletter' }).click();
    const time = add.getByLabel('Time (HH:MM)');
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await expect(
      add.getByText('The time must be HH:MM on the 24-hour clock, such as 07:30.'),
    ).toBeVisible();
    await time.fill('06:30');
    await add.getByRole('button', { name: 'Create newsletter' }).click();
    await expectToast(page, `The newsletter “${name}” was created.`);
    make.onCleanup(async () => {
      const list = (await (await admin.get('/api/newsletters')).json()) as {
        _id: string;
        name: string;
      }[];
      const left = list.find((n) => n.name === name);
      if (left) await admin.delete(`/api/newsletters/${left._id}`);
    });

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Every Friday at 06:30');

    await row.getByRole('button', { name: `Edit: ${name}` }).click();
    const edit = page.getByRole('region', { name: `Edit “${name}”` });
    await expect(edit.getByRole('checkbox', { name: category.name })).toBeChecked();
    await expect(edit.getByLabel('Tags')).toHaveValue('monsoon, jaipur');
    await edit.getByLabel('Schedule').selectOption({ label: 'Daily' });
    await edit.getByLabel('Time (HH:MM)').fill('08:15');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, `The newsletter “${name}” was saved.`);
    await expect(row).toContainText('Daily at 08:15');

    // A story in its section, then an issue sent by hand.
    const story = await make.article(category);
    await row.getByRole('button', { name: `Send now: ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Send an issue of “${name}” to its subscribers now?` })
      .getByRole('button', { name: 'Send' })
      .click();
    await expectToast(page, 'The issue is on its way.');
    const issues = page.getByRole('region', { name: `Issues of “${name}”` });
    await expect(
      issues.getByRole('row').filter({ hasText: `${name}: ${story.name}` }),
    ).toBeVisible();

    // Its subscribers are a link away, and back.
    await page.getByRole('link', { name: 'Subscribers: import and download lists' }).click();
    await page.getByRole('link', { name: 'Newsletters: define them and send issues' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();

    await row.getByRole('button', { name: `Archive: ${name}` }).click();
    await page
      .getByRole('dialog', { name: /^Archive “/ })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expectToast(page, `The newsletter “${name}” was archived.`);
    await expect(row).toHaveCount(0);
  });
});
