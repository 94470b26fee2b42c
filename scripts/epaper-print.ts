/**
 * Printing HTML to PDF for the e-paper's test and bench pages (scripts/epaper-fixtures.ts,
 * bench/epaper-pipeline.ts): Debian's Chromium through Playwright, with Noto Sans Devanagari
 * from @fontsource (the site's own face) embedded as data, so a page is the same on every
 * machine and no system font is needed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright';
import { BROWSER_ARGS, chromiumPath } from './chromium';

const require = createRequire(import.meta.url);

const font = (subset: string, weight: number) =>
  readFileSync(
    require.resolve(
      `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff2`,
    ),
  ).toString('base64');

/** The @font-face rules of Noto Sans Devanagari (400, 700), Devanagari and Latin. */
export const fontFaces = [400, 700]
  .flatMap((weight) =>
    ['devanagari', 'latin'].map(
      (subset) =>
        `@font-face { font-family: 'Noto Sans Devanagari'; font-weight: ${weight};
          src: url(data:font/woff2;base64,${font(subset, weight)}) format('woff2'); }`,
    ),
  )
  .join('\n');

/** The HTML printed by Chromium with its CSS page size; answers the PDF's bytes. */
export async function printPdf(html: string): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return await page.pdf({ preferCSSPageSize: true, printBackground: true });
  } finally {
    await browser.close();
  }
}
