/*
 * What a reader reads of a box on a page (issue 68 item 1): the words OCR read inside it, in
 * Tesseract's own reading order (its blocks are the page's columns, each read top to bottom,
 * so two columns are never spliced line by line), a paragraph wherever the reading goes back up
 * the page (the next column). Numbers are hidden until a person corrects the text
 * (DECISIONS.md §31: Tesseract reads १ as ४ in Devanagari numerals).
 */
import type { OcrWord } from '../../../db/schema/epaper';

/** What stands for a number OCR read, until a person corrected the text. */
export const HIDDEN_NUMBER = '…';
/** Digits in Latin, Devanagari and Gujarati, with the separators inside a number. */
const NUMBER = /[0-9\u0966-\u096F\u0AE6-\u0AEF]+(?:[.,:/-][0-9\u0966-\u096F\u0AE6-\u0AEF]+)*/g;

export const hideNumbers = (text: string) => text.replace(NUMBER, HIDDEN_NUMBER);

/**
 * The words whose middle lies in the box (fractions of a page `width` × `height` pixels), as
 * text; paragraphs where the reading moves up to another column.
 */
export function textInBox(
  words: readonly OcrWord[],
  box: { x: number; y: number; w: number; h: number },
  width: number,
  height: number,
): string {
  const [left, top] = [box.x * width, box.y * height];
  const [right, bottom] = [(box.x + box.w) * width, (box.y + box.h) * height];
  let text = '';
  let last: OcrWord | undefined;
  for (const word of words) {
    const [, x0, y0, x1, y1] = word;
    const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
    if (cx < left || cx > right || cy < top || cy > bottom) continue;
    if (last) {
      const lineHeight = last[4] - last[2];
      // Back up the page: another column (or block) begins.
      text += y1 < last[2] - lineHeight ? '\n\n' : ' ';
    }
    text += word[0];
    last = word;
  }
  return text;
}
