/*
 * Boxes Tesseract's layout suggests (issue 68 item 1): hOCR's text blocks and pictures as
 * fractions of the page, top to bottom; a block too small to be a story (a page number) is
 * left out; a block half inside a drawn box counts as covered.
 */
import { describe, expect, it } from 'vitest';
import { insideShare, layoutBlocks } from '../../server/modules/epaper/epaper-zone-suggest';

const HOCR = `<div class='ocr_page' id='page_1' title='image "stdin"; bbox 0 0 1000 2000; ppageno 0'>
   <div class='ocr_carea' id='block_1_2' title="bbox 500 100 900 900">
    <p class='ocr_par' id='par_1_2' lang='hin' title="bbox 500 100 900 900">
     <span class='ocr_line' id='line_1_2' title="bbox 500 100 900 140; baseline 0 -5">
      <span class='ocrx_word' id='word_1_2' title='bbox 500 100 600 140; x_wconf 91'>दीये</span>
   </span></p></div>
   <div class='ocr_carea' id='block_1_1' title="bbox 100 100 480 1900">
    <p class='ocr_par' id='par_1_1' lang='hin' title="bbox 100 100 480 1900"></p></div>
   <div class='ocr_photo' id='block_1_3' title="bbox 500 1000 900 1400"></div>
   <div class='ocr_carea' id='block_1_4' title="bbox 950 1950 990 1990"></div>
</div>`;

describe('layoutBlocks', () => {
  it("gives the page's blocks as fractions, top to bottom then left to right, tiny ones left out", () => {
    expect(layoutBlocks(HOCR, 1000, 2000)).toEqual([
      { box: { x: 0.1, y: 0.05, w: 0.38, h: 0.9 }, kind: 'story' },
      { box: { x: 0.5, y: 0.05, w: 0.4, h: 0.4 }, kind: 'story' },
      { box: { x: 0.5, y: 0.5, w: 0.4, h: 0.2 }, kind: 'photo' },
    ]);
  });

  it('keeps a block past the page inside it, and reads none from what is not hOCR', () => {
    const past = `<div class='ocr_carea' title="bbox 900 0 1200 500">`;
    expect(layoutBlocks(past, 1000, 1000)).toEqual([
      { box: { x: 0.9, y: 0, w: 0.1, h: 0.5 }, kind: 'story' },
    ]);
    expect(layoutBlocks('<p>no layout</p>', 1000, 1000)).toEqual([]);
  });
});

describe('insideShare', () => {
  it('is the share of a box inside another', () => {
    const box = { x: 0, y: 0, w: 0.4, h: 0.4 };
    expect(insideShare(box, { x: 0, y: 0, w: 1, h: 1 })).toBe(1);
    expect(insideShare(box, { x: 0.2, y: 0, w: 0.5, h: 0.5 })).toBeCloseTo(0.5);
    expect(insideShare(box, { x: 0.5, y: 0.5, w: 0.2, h: 0.2 })).toBe(0);
  });
});
