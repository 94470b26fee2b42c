import AxeBuilder from '@axe-core/playwright';
import { smallElectionCalls } from '../factories/election-data';
import { seriousViolations } from './axe';
import { Api, expect, expectToast, openSignedIn, readJson, test, unique } from './fixtures';

/*
 * Counting day's desk (issue 69 item 2) in Chromium, keyboard first: a desk member opens the
 * election from the menu, types a seat's name in Hindi, takes it with ↓ and Enter, fills the
 * leading candidate, votes, margin, round and status, and saves with Enter; the seat box is
 * ready for the next seat and the readers' results page shows the save. A colleague saves the
 * same seat meanwhile: the older save is refused and the desk shows the newer figures, then
 * saves again knowingly.
 */
test('a desk member enters results by keyboard; a colleague’s newer save is shown, not hidden', async ({
  page,
  admin,
  make,
  request,
  consoleErrors,
}) => {
  // The colleague's newer save refuses this desk's older one: the browser logs the 409.
  consoleErrors.allow(/status of 409/);
  const slug = `ls-${unique()}`;
  for (const call of smallElectionCalls(slug, { hi: 'डेस्क चुनाव', en: `Desk election ${slug}` }))
    await readJson(
      await admin.post(call.url, call.body),
      call.url === '/api/elections' ? 201 : 200,
    );
  const desk = await make.account({ label: 'Desk', role: 'editor' });
  const colleague = await Api.signIn(
    request,
    await make.account({ label: 'Colleague', role: 'editor' }),
  );

  await openSignedIn(page, desk, '/admin/elections');
  await page.getByRole('link', { name: `Open the desk for Desk election ${slug}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Results desk: Desk election ${slug}`,
  );
  expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);

  // Varanasi by its Hindi name, chosen with the keyboard.
  const seatBox = page.getByRole('combobox', { name: 'Seat' });
  await seatBox.fill('वाराणसी');
  await expect(page.getByRole('option', { name: '77 · Varanasi (Uttar Pradesh)' })).toBeVisible();
  await seatBox.press('ArrowDown');
  await seatBox.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: '77 · Varanasi (Uttar Pradesh)' }),
  ).toBeVisible();
  const leader = page.getByLabel('Leading candidate', { exact: true });
  await expect(leader).toBeFocused();
  await leader.selectOption({ label: '1 · Varanasi BJP Candidate (BJP)' });
  await page.keyboard.press('Tab');
  await page.keyboard.type('612970');
  await page.keyboard.press('Tab');
  await page.keyboard.type('152513');
  await page.getByLabel('Round').fill('20');
  await page.getByLabel('Status').selectOption('won');
  await page.getByLabel('Round').press('Enter');
  // Ready for the next seat (before the toast is closed, which moves the focus to its button).
  await expect(seatBox).toBeFocused();
  await expectToast(page, 'Saved: Varanasi.');

  // Jaipur by its number; a colleague saves it while the desk member types.
  await seatBox.fill('6');
  await page.getByLabel('State').selectOption({ label: 'Rajasthan' });
  await expect(page.getByRole('option', { name: '6 · Jaipur (Rajasthan)' })).toBeVisible();
  await seatBox.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: '6 · Jaipur (Rajasthan)' }),
  ).toBeVisible();
  const seats = await readJson<{ seats: { _id: string }[] }>(
    await request.get(`/api/elections/${slug}/seats?state=S20`),
  );
  const jaipur = await readJson<{ _id: string; candidates: { _id: string }[] }>(
    await request.get(`/api/elections/${slug}/seats/${seats.seats[0]!._id}`),
  );
  await readJson(
    await colleague.post(`/api/elections/${slug}/results`, {
      seat: jaipur._id,
      leader: jaipur.candidates[1]!._id,
      votes: 41000,
      margin: 900,
      round: 4,
      status: 'leading',
    }),
    201,
  );
  await page.getByLabel('Votes of the leading candidate').fill('40000');
  await page.getByLabel('Margin').fill('1200');
  await page.getByLabel('Margin').press('Enter');
  const stale = page.getByRole('alert').filter({ hasText: 'Someone saved a newer result' });
  await expect(stale).toContainText(
    'Jaipur INC Candidate (INC) Leading: 41,000 votes, margin 900, round 4',
  );
  await expect(stale).toContainText(`saved by ${colleague.me.name}`);
  await expect(stale).toBeFocused();
  await page.getByRole('button', { name: 'Save result' }).click();
  await expectToast(page, 'Saved: Jaipur.');

  // Readers see both on the results page once its kept copy is refreshed.
  await expect
    .poll(async () => (await request.get(`/elections/${slug}`)).text(), { timeout: 10_000 })
    .toMatch(/Varanasi BJP Candidate[\s\S]*Won[\s\S]*1,52,513/);
  const history = await readJson<{ history: { votes: number; by: { name: string } }[] }>(
    await request.get(`/api/elections/${slug}/seats/${jaipur._id}`),
  );
  expect(history.history.map((h) => [h.votes, h.by.name])).toEqual([
    [40000, desk.name],
    [41000, colleague.me.name],
  ]);
});
