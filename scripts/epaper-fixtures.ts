/**
 * `node --import tsx scripts/epaper-fixtures.ts`: makes the e-paper's test pages in
 * tests/fixtures/epaper/ (issue 67) from the project's own Hindi text (the demo stories of
 * db/seed), printed to PDF by Debian's Chromium with Noto Sans Devanagari from @fontsource (the
 * site's own face; never a system font, so the pages are the same on every machine):
 *
 * - `one-page.pdf`: one small page (5 × 4 in), fast to read by OCR in a test;
 * - `three-pages.pdf`: three such pages; page 2's headline names जयपुर (the journey's and the
 *   search tests' known word), page 3 names उदयपुर;
 * - `encrypted.pdf`: a one-page PDF locked with a user password (RC4, the standard security
 *   handler revision 2), which Poppler cannot open without it: the refusal's fixture;
 * - `oversized.pdf`: one page 2,500 points square, over 10,000 pixels a side at 300 dpi.
 *
 * The known words of each page are in `pages.json` beside them. Run again when the text or
 * the font changes; the files are kept in the repository.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoArticles } from '../db/seed/demo-content';
import { fontFaces, printPdf } from './epaper-print';

const OUT = join(import.meta.dirname, '..', 'tests', 'fixtures', 'epaper');

/** The first sentences of a demo story's first paragraph (plain text). */
function paragraphOf(slug: string, sentences: number): string {
  const story = demoArticles.find((a) => a.slug === slug);
  if (!story) throw new Error(`no demo story ${slug}`);
  const first = /<p>(.*?)<\/p>/s.exec(story.html)?.[1] ?? '';
  const text = first.replace(/<[^>]+>/g, '');
  return text
    .split('।')
    .slice(0, sentences)
    .map((s) => s.trim())
    .join('। ')
    .concat('।');
}

interface PageText {
  headline: string;
  body: string;
}

const PAGES: PageText[] = [
  { headline: 'चिट्ठियों का ज़माना', body: paragraphOf('chitthiyon-ka-zamana', 2) },
  { headline: 'जयपुर में मिट्टी के दीये', body: paragraphOf('mitti-ke-diye-aur-badalti-diwali', 2) },
  { headline: 'उदयपुर की झीलें', body: paragraphOf('chitthiyon-ka-zamana', 1) },
];

const pageHtml = (page: PageText, number: number) => `
  <section class="page">
    <header><span class="mast">पत्रिका</span><span>पृष्ठ ${number}</span></header>
    <h1>${page.headline}</h1>
    <p>${page.body}</p>
  </section>`;

const htmlOf = (pages: PageText[]) => `<!doctype html>
<html lang="hi"><head><meta charset="utf-8"><style>
  ${fontFaces}
  @page { size: 5in 4in; margin: 0; }
  html, body { margin: 0; font-family: 'Noto Sans Devanagari'; color: #111; }
  .page { box-sizing: border-box; width: 5in; height: 4in; padding: 0.3in 0.35in;
    page-break-after: always; overflow: hidden; }
  .page:last-child { page-break-after: auto; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid #111;
    font-size: 11pt; padding-bottom: 2pt; }
  .mast { font-weight: 700; font-size: 15pt; }
  h1 { font-size: 20pt; font-weight: 700; margin: 10pt 0 6pt; }
  p { font-size: 12pt; line-height: 1.45; margin: 0; }
</style></head><body>${pages.map((p, i) => pageHtml(p, i + 1)).join('')}</body></html>`;

/** RC4, which the PDF standard security handler's revision 2 encrypts with. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Buffer[]) => createHash('md5').update(Buffer.concat(parts)).digest();
/** The password padding of PDF 1.7 §7.6.3.3. */
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');
const padded = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PAD]).subarray(0, 32);

/**
 * A PDF written by hand: `objects` numbered from 1 (null: the content stream `stream`), the
 * cross-reference table at their offsets, and a trailer with `trailer` added.
 */
function writePdf(objects: (string | null)[], stream: Buffer, trailer: string): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    if (body === null) {
      push(Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} >>\nstream\n`));
      push(stream);
      push(Buffer.from('\nendstream\nendobj\n'));
    } else push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  const xref = length;
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n` +
        `<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(chunks);
}

/** The objects of a one-page PDF of `width` × `height` points in Helvetica (4: its content). */
const pageObjects = (width: number, height: number) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
  null,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];
const text = (words: string) => Buffer.from(`BT /F1 24 Tf 72 72 Td (${words}) Tj ET`);

/**
 * A one-page PDF locked with `user` (revision 2, 40-bit RC4): its owner entry, user entry and
 * content stream computed as PDF 1.7 §7.6.3 says.
 */
function encryptedPdf(user: string, owner: string): Buffer {
  const id = createHash('md5').update('patrika-epaper-encrypted').digest();
  const o = rc4(md5(padded(owner)).subarray(0, 5), padded(user));
  const permissions = -44;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(user), o, p, id).subarray(0, 5);
  const u = rc4(key, PAD);
  const objectKey = (num: number) =>
    md5(key, Buffer.from([num & 255, (num >> 8) & 255, num >> 16, 0, 0])).subarray(0, 10);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const objects = [
    ...pageObjects(288, 144),
    `<< /Filter /Standard /V 1 /R 2 /O ${hex(o)} /U ${hex(u)} /P ${permissions} >>`,
  ];
  return writePdf(
    objects,
    rc4(objectKey(4), text('Locked')),
    `/Encrypt 6 0 R /ID [${hex(id)} ${hex(id)}]`,
  );
}

mkdirSync(OUT, { recursive: true });
const one = await printPdf(htmlOf(PAGES.slice(0, 1)));
writeFileSync(join(OUT, 'one-page.pdf'), one);
const three = await printPdf(htmlOf(PAGES));
writeFileSync(join(OUT, 'three-pages.pdf'), three);
writeFileSync(join(OUT, 'encrypted.pdf'), encryptedPdf('reader', 'desk'));
// 2,500 points square: 10,417 pixels a side at 300 dpi, over the limit of 10,000.
writeFileSync(join(OUT, 'oversized.pdf'), writePdf(pageObjects(2500, 2500), text('Too big'), ''));
writeFileSync(
  join(OUT, 'pages.json'),
  JSON.stringify(
    {
      'one-page.pdf': [PAGES[0]],
      'three-pages.pdf': PAGES,
    },
    null,
    2,
  ) + '\n',
);
console.log(`one-page.pdf ${one.length} bytes, three-pages.pdf ${three.length} bytes`);
