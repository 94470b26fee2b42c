/*
 * The e-paper from the desk to a reader's phone (issue 67's acceptance): the desk opens the
 * E-paper screen, starts Jaipur's issue of a date, uploads a 3-page PDF, watches the pages made
 * and publishes; a reader on a phone opens the issue, swipes to page 3 (real touch events) and
 * zooms: the zoom's code and the tiles are fetched only then.
 */
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { seriousViolations } from './axe';
import { ADMIN, expect, openSignedIn, readJson, test } from './fixtures';

const PDF = join(import.meta.dirname, '..', 'fixtures', 'epaper', 'three-pages.pdf');

test('the desk uploads a 3-page PDF, and a reader swipes to page 3 and zooms', async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const editions = await readJson<{ _id: string; slug: string }[]>(
    await admin.get('/api/editions'),
  );
  const jaipur = editions.find((e) => e.slug === 'jaipur')!;
  // A date of its own, so a retry or another run never meets this one's issue.
  const date = `2031-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(
    1 + Math.floor(Math.random() * 28),
  ).padStart(2, '0')}`;
  const listed = await readJson<{ issues: { _id: string }[] }>(
    await admin.get(`/api/epaper/issues?edition=${jaipur._id}&from=${date}&to=${date}`),
  );
  for (const old of listed.issues) await admin.delete(`/api/epaper/issues/${old._id}`);

  // The desk: the menu's E-paper screen, the edition and date, the PDF.
  await openSignedIn(page, ADMIN, '/admin/dashboard');
  await page.getByRole('link', { name: 'E-paper' }).click();
  await page.getByLabel('Edition').selectOption(jaipur._id);
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByRole('button', { name: 'Start this issue' }).click();
  await page.getByLabel('Choose PDFs').setInputFiles(PDF);
  const pages = page.getByRole('list', { name: 'Pages' }).locator('li[data-page]');
  await expect(pages).toHaveCount(3);
  await expect(pages.first()).toContainText('three-pages.pdf · 1');
  // Progress, live: every page's views and zoom tiles made.
  await expect(page.locator('[data-stage="tiles"]', { hasText: 'done' })).toHaveCount(3, {
    timeout: 120_000,
  });
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.locator('[data-epaper-status="published"]')).toBeVisible();
  expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);

  // A reader on a phone.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const reader = await phone.newPage();
  const fetched: string[] = [];
  reader.on('request', (r) => fetched.push(r.url()));
  await reader.goto(`/epaper/jaipur/${date}`);
  await expect(reader.getByRole('heading', { level: 1 })).toContainText('Jaipur e-paper');
  await expect(reader.getByText('Page 1 of 3')).toBeVisible();
  const sheet = reader.locator('[data-epaper-page] img');
  await expect(sheet).toBeVisible();
  // The page's script shows the zoom button and, in the same turn, listens for swipes: a swipe
  // before it has run is a plain touch (the page's links still turn the page).
  await expect(reader.getByRole('button', { name: 'Zoom' })).toBeVisible();
  const cdp = await phone.newCDPSession(reader);
  const swipeLeft = async () => {
    const box = (await sheet.boundingBox())!;
    const y = box.y + box.height / 2;
    const point = (x: number) => [{ x, y }];
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: point(box.x + box.width - 30),
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(box.x + box.width / 2),
    });
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(box.x + 30),
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipeLeft();
  await expect(reader).toHaveURL(new RegExp(`/epaper/jaipur/${date}/2$`));
  await expect(reader.getByText('Page 2 of 3')).toBeVisible();
  await swipeLeft();
  await expect(reader).toHaveURL(new RegExp(`/epaper/jaipur/${date}/3$`));
  await expect(reader.getByText('Page 3 of 3')).toBeVisible();
  expect(await seriousViolations(new AxeBuilder({ page: reader }))).toEqual([]);

  // No tile and no zoom code before the reader zooms.
  expect(fetched.filter((u) => u.includes('tiles_files'))).toEqual([]);
  expect(fetched.filter((u) => /openseadragon|reader-epaper-zoom/i.test(u))).toEqual([]);
  await reader.getByRole('button', { name: 'Zoom' }).click();
  await expect(reader.locator('[data-epaper-viewer]')).toBeVisible();
  await expect
    .poll(() => fetched.filter((u) => u.includes('tiles_files')).length)
    .toBeGreaterThan(0);
  expect((await phone.cookies()).map((c) => c.name)).toEqual([]);
  await phone.close();
});
