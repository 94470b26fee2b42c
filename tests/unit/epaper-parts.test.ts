/*
 * The e-paper's pure parts (issue 67): what pdfinfo says read into pages (rotation, locks), a
 * PGM/PPM read into raw pixels, hOCR read into words with boxes and text, a page's number in a
 * file name, the order uploaded files take, and the Deep Zoom pyramid's tiles as libvips's
 * dzsave writes them (the keys a removed file's tiles are found by).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deepZoomTiles, EPAPER_TILE_OVERLAP, EPAPER_TILE_SIZE } from '../../common/epaper';
import { numberInName, type IntakeFile } from '../../server/modules/epaper/epaper-intake';
import { parseHocr } from '../../server/modules/epaper/epaper-ocr';
import { parsePdfInfo, parsePnm } from '../../server/modules/epaper/epaper-pdf';
import { orderOf } from '../../server/modules/epaper/epaper-uploads';

describe('pdfinfo', () => {
  it('reads each page with its size as shown, a rotated one turned', () => {
    const text = [
      'Pages:           2',
      'Encrypted:       no',
      'Page    1 size:  360 x 288 pts',
      'Page    1 rot:   0',
      'Page    2 size:  842 x 595.5 pts (A4)',
      'Page    2 rot:   90',
    ].join('\n');
    expect(parsePdfInfo(text)).toEqual({
      kind: 'pdf',
      pages: [
        { widthPt: 360, heightPt: 288 },
        { widthPt: 595.5, heightPt: 842 },
      ],
    });
  });

  it('says a locked PDF is one, and a PDF without pages is damaged', () => {
    expect(parsePdfInfo('Pages: 1\nEncrypted:       yes (print:no)')).toEqual({
      kind: 'encrypted',
    });
    expect(parsePdfInfo('Pages:           0\n')).toEqual({ kind: 'malformed' });
    expect(parsePdfInfo('Pages:           2\nPage    1 size:  1 x 1 pts\n')).toEqual({
      kind: 'malformed',
    });
  });
});

describe('PGM and PPM', () => {
  it('reads pdftoppm’s grey and colour images into raw pixels', () => {
    const grey = parsePnm(
      Buffer.concat([Buffer.from('P5\n3 2\n255\n'), Buffer.from([1, 2, 3, 4, 5, 6])]),
    );
    expect(grey).toMatchObject({ width: 3, height: 2, channels: 1 });
    expect([...grey.pixels]).toEqual([1, 2, 3, 4, 5, 6]);
    const colour = parsePnm(Buffer.concat([Buffer.from('P6\n1 1\n255\n'), Buffer.from([9, 8, 7])]));
    expect(colour).toMatchObject({ width: 1, height: 1, channels: 3 });
    expect(() => parsePnm(Buffer.from('P6\n2 2\n255\nabc'))).toThrow(/cut short/);
    expect(() => parsePnm(Buffer.from('P3\n1 1\n255\n0 0 0'))).toThrow();
  });
});

describe('hOCR', () => {
  it('reads words with their boxes, and the text in lines and paragraphs', () => {
    const hocr = `<div class='ocr_carea' title="bbox 0 0 9 9">
      <p class='ocr_par' id='par_1_1' lang='hin' title="bbox 100 86 1392 157">
       <span class='ocr_header' id='line_1_1' title="bbox 100 86 1392 157; baseline 0 -22">
        <span class='ocrx_word' id='word_1_1' title='bbox 104 251 312 325; x_wconf 96'>जयपुर</span>
        <span class='ocrx_word' id='word_1_2' title='bbox 332 228 388 303; x_wconf 96'>में</span>
       </span>
      </p>
      <p class='ocr_par' id='par_1_2' lang='hin' title="bbox 1 2 3 4">
       <span class='ocr_line' id='line_1_2' title="bbox 1 2 3 4">
        <span class='ocrx_word' id='word_1_3' title='bbox 10 20 30 40; x_wconf 90'><strong>A&amp;B</strong></span>
       </span>
       <span class='ocr_line' id='line_1_3' title="bbox 1 2 3 4">
        <span class='ocrx_word' id='word_1_4' title='bbox 11 21 31 41; x_wconf 90'>&#2361;&#x93e;</span>
        <span class='ocrx_word' id='word_1_5' title='bbox 1 1 2 2; x_wconf 0'> </span>
       </span>
      </p></div>`;
    const { text, words } = parseHocr(hocr);
    expect(words).toEqual([
      ['जयपुर', 104, 251, 312, 325],
      ['में', 332, 228, 388, 303],
      ['A&B', 10, 20, 30, 40],
      ['हा', 11, 21, 31, 41],
    ]);
    expect(text).toBe('जयपुर में\n\nA&B\nहा');
  });
});

describe('uploaded files', () => {
  it('are numbered by the last number in their names', () => {
    expect(numberInName('page-03.pdf')).toBe(3);
    expect(numberInName('jaipur_p3.PDF')).toBe(3);
    expect(numberInName('2026-11-29-p12.pdf')).toBe(12);
    expect(numberInName('scan.pdf')).toBeUndefined();
    expect(numberInName('p0.pdf')).toBeUndefined();
  });

  const file = (name: string, pages = 1): IntakeFile => ({
    name,
    numbered: numberInName(name),
    pages: Array.from({ length: pages }, (_, i) => ({
      sourceName: pages > 1 ? `${name} · ${i + 1}` : name,
      path: '',
      hash: `${name}${i}`,
      bytes: 1,
      widthPt: 1,
      heightPt: 1,
    })),
  });
  const names = (files: IntakeFile[], existing = 0) =>
    orderOf(files, existing).map((p) => p.sourceName);

  it('take their names’ order when every one has a different number, else the order sent', () => {
    expect(names([file('p3.pdf'), file('p1.pdf'), file('p2.pdf')])).toEqual([
      'p1.pdf',
      'p2.pdf',
      'p3.pdf',
    ]);
    expect(names([file('p2.pdf'), file('p2-again.pdf')])).toEqual(['p2.pdf', 'p2-again.pdf']);
    expect(names([file('p2.pdf'), file('front.pdf')])).toEqual(['p2.pdf', 'front.pdf']);
    // A year is not a page number.
    expect(names([file('2026.pdf'), file('1.pdf')])).toEqual(['2026.pdf', '1.pdf']);
    expect(names([file('all.pdf', 2)])).toEqual(['all.pdf · 1', 'all.pdf · 2']);
    expect(() => orderOf([file('p2.pdf')], 3)).toThrow(
      expect.objectContaining({ code: 'epaper.page_number_taken' }),
    );
  });
});

describe('the Deep Zoom pyramid', () => {
  it('names every tile dzsave writes, for sizes around the tile size and its powers of two', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'epaper-dz-'));
    try {
      for (const [width, height] of [
        [1000, 800],
        [254, 254],
        [255, 1],
        [1024, 513],
        [1, 1],
      ] as const) {
        const out = join(dir, `t${width}x${height}`);
        await sharp({ create: { width, height, channels: 3, background: '#fff' } })
          .webp()
          .tile({ size: EPAPER_TILE_SIZE, overlap: EPAPER_TILE_OVERLAP, layout: 'dz' })
          .toFile(out);
        const root = `${out}_files`;
        const written = readdirSync(root)
          .filter((level) => /^\d+$/.test(level))
          .flatMap((level) =>
            readdirSync(join(root, level)).map((n) => `${level}/${n.replace('.webp', '')}`),
          );
        expect(written.sort(), `${width}×${height}`).toEqual(deepZoomTiles(width, height).sort());
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
