/*
 * Tesseract's word recall in each e-paper language (issue 67 item 5): `node --import tsx
 * bench/epaper-recall.ts` (or `npm run bench -- epaper-recall` where the runner lists it).
 * For Hindi, Marathi and Gujarati it prints pages of the project's own text in that language
 * (Hindi: the demo stories; Marathi and Gujarati: the interface's own sentences, app/copy/mr.ts,
 * gu.ts, their refusals and the edition texts) in Noto Sans Devanagari or Noto Sans Gujarati from @fontsource, by
 * Debian's Chromium, three columns of 11 pt on A4 pages as a city page sets its stories; renders
 * each page as the product does (Poppler, 300 dpi, grey) and reads it as the product does
 * (Tesseract with the edition's language and English, one thread, nice 19), then counts every
 * printed word found in the read text: exact (Unicode NFC) and folded as search folds. Targets:
 * Hindi 97 %, Marathi and Gujarati 96 %. Minutes of one core; never in `npm test`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpaperLanguage } from '../common/epaper';
import { normaliseText } from '../common/search/search-text';
import { editionDeskCopy } from '../app/copy/edition-desk';
import { editionTreeCopy } from '../app/copy/edition-tree';
import { guCopy } from '../app/copy/gu';
import { mrCopy } from '../app/copy/mr';
import { refusalsGu } from '../app/copy/refusals.gu';
import { refusalsMr } from '../app/copy/refusals.mr';
import { demoArticles } from '../db/seed/demo-content';
import { printPdf } from '../scripts/epaper-print';
import { parseHocr, readPage } from '../server/modules/epaper/epaper-ocr';
import { renderPage } from '../server/modules/epaper/epaper-pdf';
import { createToolRunner } from '../server/modules/epaper/epaper-tools';

const require = createRequire(import.meta.url);
const WORDS = Number(process.env.BENCH_RECALL_WORDS ?? 1800);
const TARGET: Record<EpaperLanguage, number> = { hi: 97, mr: 96, gu: 96 };

/** Each language's script (its letters and signs) and its Noto face from @fontsource. */
const SCRIPT: Record<EpaperLanguage, { letters: RegExp; family: string; package: string }> = {
  hi: { letters: /[\u0900-\u097F]+/g, family: 'Noto Sans Devanagari', package: 'devanagari' },
  mr: { letters: /[\u0900-\u097F]+/g, family: 'Noto Sans Devanagari', package: 'devanagari' },
  gu: { letters: /[\u0A80-\u0AFF]+/g, family: 'Noto Sans Gujarati', package: 'gujarati' },
};

const fontFace = (lang: EpaperLanguage, weight: number) => {
  const { family, package: script } = SCRIPT[lang];
  const file = require.resolve(
    `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${weight}-normal.woff2`,
  );
  const data = readFileSync(file).toString('base64');
  return `@font-face { font-family: '${family}'; font-weight: ${weight};
    src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
};

/** Every text in the script of `letters` inside `value` (a copy object): strings, and what its
 * functions say of a sample name and count. */
function textsOf(value: unknown, letters: RegExp, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if ((value.match(letters) ?? []).length >= 2) out.push(value);
  } else if (typeof value === 'function') {
    try {
      textsOf((value as (...a: unknown[]) => unknown)('Patrika', 3, 3), letters, out);
    } catch {
      // A text that needs other arguments is left out.
    }
  } else if (value && typeof value === 'object')
    for (const inner of Object.values(value)) textsOf(inner, letters, out);
  return out;
}

/** About WORDS words of the project's own text in `lang`, as paragraphs. */
function textIn(lang: EpaperLanguage): string[] {
  const { letters } = SCRIPT[lang];
  const paragraphs =
    lang === 'hi'
      ? demoArticles
          .filter((a) => a.language === 'hi')
          .flatMap((a) => a.html.split(/<\/p>|<\/h2>/).map((p) => p.replace(/<[^>]+>/g, '')))
      : [
          ...new Set(
            textsOf(
              lang === 'mr'
                ? [mrCopy, refusalsMr, editionTreeCopy.mr, editionDeskCopy.mr]
                : [guCopy, refusalsGu, editionTreeCopy.gu, editionDeskCopy.gu],
              letters,
            ),
          ),
        ];
  const out: string[] = [];
  let words = 0;
  for (const p of paragraphs.map((p) => p.trim()).filter(Boolean)) {
    if (words >= WORDS) break;
    out.push(p);
    words += (p.match(letters) ?? []).length;
  }
  return out;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const pagesHtml = (lang: EpaperLanguage, paragraphs: string[]) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><style>
  ${[400, 700].map((w) => fontFace(lang, w)).join('\n')}
  @page { size: A4; margin: 0.5in; }
  html, body { margin: 0; font-family: '${SCRIPT[lang].family}'; color: #111; }
  main { column-count: 3; column-gap: 14pt; column-rule: 1px solid #999; }
  p { font-size: 11pt; line-height: 1.45; margin: 0 0 7pt; text-align: justify; }
</style></head><body><main>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}</main></body></html>`;

const tokens = (text: string, lang: EpaperLanguage, fold: boolean) =>
  (fold ? normaliseText(text) : text.normalize('NFC')).match(SCRIPT[lang].letters) ?? [];

/** Printed tokens found in the read text, each as often as it was printed at most. */
function recall(printed: string, read: string, lang: EpaperLanguage, fold: boolean) {
  const bag = new Map<string, number>();
  for (const t of tokens(read, lang, fold)) bag.set(t, (bag.get(t) ?? 0) + 1);
  const want = tokens(printed, lang, fold);
  let found = 0;
  for (const t of want) {
    const n = bag.get(t) ?? 0;
    if (n > 0) {
      found++;
      bag.set(t, n - 1);
    }
  }
  return { found, of: want.length, percent: Number(((100 * found) / want.length).toFixed(2)) };
}

const tools = createToolRunner();
const dir = mkdtempSync(join(tmpdir(), 'patrika-recall-'));
const results: Record<string, unknown>[] = [];
try {
  for (const lang of ['hi', 'mr', 'gu'] as const) {
    const paragraphs = textIn(lang);
    const pdf = await printPdf(pagesHtml(lang, paragraphs));
    const pdfPath = join(dir, `${lang}.pdf`);
    writeFileSync(pdfPath, pdf);
    const pageCount = Number(
      /\/Type\s*\/Pages[^>]*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 1,
    );
    let read = '';
    const started = performance.now();
    for (let page = 1; page <= pageCount; page++) {
      await tools.ok(
        'pdfseparate',
        ['-f', String(page), '-l', String(page), pdfPath, join(dir, `${lang}-%d.pdf`)],
        { cpuSeconds: 60, timeoutMs: 600_000, memoryBytes: 1024 ** 3, maxOutputBytes: 1024 },
      );
      const master = await renderPage(tools, join(dir, `${lang}-${page}.pdf`), {
        dpi: 300,
        grey: true,
      });
      read += `${parseHocr(await readPage(tools, master, lang)).text}\n`;
    }
    const printed = paragraphs.join('\n');
    results.push({
      language: lang,
      pages: pageCount,
      words: tokens(printed, lang, false).length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      exact: recall(printed, read, lang, false),
      folded: recall(printed, read, lang, true),
      target: TARGET[lang],
    });
    console.error(`${lang}: ${JSON.stringify(results.at(-1))}`);
  }
} finally {
  tools.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  '| language | pages | printed words | recall, exact | recall, folded | target | read in |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of results as {
  language: string;
  pages: number;
  words: number;
  seconds: number;
  exact: { percent: number };
  folded: { percent: number };
  target: number;
}[])
  console.log(
    `| ${r.language} | ${r.pages} | ${r.words} | ${r.exact.percent} % | ${r.folded.percent} % | ≥ ${r.target} % | ${r.seconds} s |`,
  );
console.log(JSON.stringify(results));
