/*
 * The paid e-paper in the back office (issue 68 items 3 and 4): an administrator makes an
 * edition's e-paper paid with page 1 free on the editions screen, and anonymous readers are
 * walled from then on; a member whose plan includes the e-paper downloads the issue's PDF
 * through the API; the administrator pastes the copy's trace (read from its metadata, as one
 * would from a leaked copy) into "Find a leaked copy" on the E-paper screen and finds that
 * member, the issue and the time; a malformed trace and an unknown one are said so. An editor
 * who is not an administrator does not see the look-up.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editionTreeCopy } from '../../app/copy/edition-tree';
import { epaperTraceCopy } from '../../app/copy/epaper-traces';
import { publishedIssue } from './epaper-issue';
import {
  ADMIN,
  Api,
  expect,
  expectToast,
  hydrated,
  openSignedIn,
  readJson,
  test,
  unique,
  type Factory,
} from './fixtures';

const t = editionTreeCopy.en;
const look = epaperTraceCopy.en;

/** A city edition under Jaipur's state, made through the API and deleted after the test. */
async function cityEdition(admin: Api, make: Factory) {
  const editions = await readJson<{ _id: string; slug: string; parentId: string | null }[]>(
    await admin.get('/api/editions'),
  );
  const state = editions.find((e) => e.slug === 'jaipur')!.parentId;
  const id = unique();
  const made = await readJson<{ _id: string; slug: string }>(
    await admin.post('/api/editions', {
      slug: `paidtown-${id}`,
      kind: 'city',
      parentId: state,
      names: { hi: `पेडटाउन ${id}`, en: `Paidtown ${id}` },
    }),
    201,
  );
  make.onCleanup(() => admin.delete(`/api/editions/${made._id}`));
  return { ...made, name: `Paidtown ${id}` };
}

/** The trace a copy carries in its metadata, read by Poppler's pdfinfo as anyone could. */
function traceOf(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'patrika-e2e-copy-'));
  try {
    writeFileSync(join(folder, 'copy.pdf'), pdf);
    const info = execFileSync('pdfinfo', [join(folder, 'copy.pdf')], { encoding: 'utf8' });
    return /patrika-trace:([0-9a-f]{32})/.exec(info)![1]!;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('an edition made paid on its screen; a member’s downloaded copy traced back to them', async ({
  page,
  admin,
  api,
  make,
  browser,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(300_000);
  // The unknown trace is the server's 404, as it should be.
  consoleErrors.allow(/status of 404/);
  const edition = await cityEdition(admin, make);
  const issue = await publishedIssue(admin, 2033, edition.slug);
  make.onCleanup(() => admin.delete(`/api/epaper/issues/${issue.id}`));
  // Free until said otherwise: anyone reads every page.
  const before = await readJson<{ wall: string | null }>(
    await api.get(`/api/epaper/issues/${issue.id}/access`),
  );
  expect(before.wall).toBeNull();

  // The administrator makes it paid, page 1 free, on the editions screen.
  await openSignedIn(page, ADMIN, '/admin/editions');
  await page.getByRole('button', { name: `Edit: ${edition.name}` }).click();
  const dialog = page.getByRole('dialog', { name: t.edit });
  await expect(dialog.getByLabel(t.epaperAccess)).toHaveValue('free');
  await expect(dialog.getByLabel(t.freePages)).toHaveValue('1');
  await dialog.getByLabel(t.epaperAccess).selectOption({ label: t.access.paid });
  await dialog.getByLabel(t.freePages).fill('1');
  await dialog.getByRole('button', { name: t.save }).click();
  await expectToast(page, t.saved);
  const row = page
    .getByRole('main')
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: edition.name }) });
  await expect(row.getByRole('cell', { name: `Paid · ${t.freeShort('1')}` })).toBeVisible();
  const editions = await readJson<{ _id: string; epaper: unknown }[]>(
    await admin.get('/api/editions'),
  );
  expect(editions.find((e) => e._id === edition._id)?.epaper).toEqual({
    access: 'paid',
    freePages: [1],
  });
  // An anonymous reader is walled now.
  const after = await readJson<{ wall: string | null }>(
    await api.get(`/api/epaper/issues/${issue.id}/access`),
  );
  expect(after.wall).toBe('sign-in');

  // A member whose plan includes the e-paper downloads the issue's PDF.
  const plan = await make.plan({ access: 'paid', includes: ['epaper'] });
  const member = await make.account({ label: 'Member' });
  await readJson(
    await admin.post(`/api/members/${member._id}/complimentary`, { planId: plan._id }),
    201,
  );
  const memberContext = await playwright.request.newContext({ baseURL });
  const memberApi = await Api.signIn(memberContext, member);
  const copy = await memberApi.post(`/api/epaper/issues/${issue.id}/download`, {});
  expect(copy.status(), await copy.text()).toBe(200);
  expect(copy.headers()['content-type']).toMatch(/^application\/pdf/);
  const trace = traceOf(await copy.body());
  await memberContext.dispose();

  // The administrator finds the member behind the copy's trace on the E-paper screen.
  await page.goto('/admin/epaper');
  await hydrated(page);
  const lookup = page.getByRole('region', { name: look.title });
  await expect(lookup.getByText(look.intro)).toBeVisible();
  const field = lookup.getByLabel(look.label);
  const answer = lookup.getByRole('status');
  await field.fill('not a trace');
  await lookup.getByRole('button', { name: look.find }).click();
  await expect(answer).toHaveText(look.malformed);
  const unknown = 'cd'.repeat(16);
  await field.fill(unknown);
  await lookup.getByRole('button', { name: look.find }).click();
  await expect(answer).toHaveText(look.notFound(unknown));
  // Pasted as it comes out of a PDF viewer: with a space around it.
  await field.fill(` ${trace} `);
  await lookup.getByRole('button', { name: look.find }).click();
  await expect(answer.getByRole('heading', { name: look.found(trace) })).toBeVisible();
  await expect(answer.getByText(member.name, { exact: true })).toBeVisible();
  await expect(answer.getByText(member.email, { exact: true })).toBeVisible();
  await expect(
    answer.getByRole('link', { name: `${edition.name} · ${issue.date}` }),
  ).toHaveAttribute('href', `/epaper/${edition.slug}/${issue.date}`);

  // An editor who is not an administrator has the E-paper screen, without the look-up.
  const editor = await make.account({ label: 'Editor', role: 'editor' });
  const editorContext = await browser.newContext({ baseURL });
  const editorPage = await editorContext.newPage();
  await openSignedIn(editorPage, editor, '/admin/epaper');
  await expect(editorPage.getByRole('heading', { level: 1, name: 'E-paper' })).toBeVisible();
  await expect(editorPage.getByRole('heading', { name: look.title })).toHaveCount(0);
  await editorContext.close();
});
