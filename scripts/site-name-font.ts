/**
 * `node --import tsx scripts/site-name-font.ts`: makes app/styles/fonts/site-name-*.woff2, the
 * glyphs of the default site name's Devanagari (DEFAULT_SETTINGS.siteName) cut from Noto Sans
 * Devanagari with their shaping rules (issue 27 item 4). English pages draw the site name in the
 * shipped face from these few hundred bytes instead of the whole 50 KB face; a name with other
 * letters takes them from the whole face. Run again when the default name or @fontsource's
 * Noto Sans Devanagari changes; the files are kept in the repository.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import { DEFAULT_SETTINGS } from '../common/settings';

const require = createRequire(import.meta.url);
const devanagari = [...DEFAULT_SETTINGS.siteName].filter((c) => /[\u0900-\u097f]/.test(c)).join('');

for (const weight of [400, 700]) {
  const source = require.resolve(
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`,
  );
  const subset = await subsetFont(readFileSync(source), devanagari, { targetFormat: 'woff2' });
  const out = new URL(`../app/styles/fonts/site-name-${weight}.woff2`, import.meta.url);
  writeFileSync(out, subset);
  console.log(`site-name-${weight}.woff2: ${subset.length} bytes for "${devanagari}"`);
}
