/*
 * A downloaded issue's stamp (issue 68 item 4, docs/decisions/074), by pdf-lib (MIT): every
 * page gets a footer naming the site, the edition, the date and the copy's trace, and the
 * document's metadata carries the trace (its subject and keywords), so a leaked copy leads the
 * back office to its reader. The footer's visible line is in the paper's language: an image
 * that sharp set (epaper-footer.ts, the clips' fonts), since the PDF's own Helvetica draws
 * Latin letters only. Under it a small Latin line as text (what Helvetica can draw of the
 * same, never without the trace), so that a copy's text, searched or extracted, names it too.
 * pdf-lib reads and writes the PDF in this process; the pages it was given are Poppler's.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { PdfStamper } from './epaper-deps';

/** The image line's height, points (its pixels, several a point, scaled to it). */
const LINE_POINTS = 9;
/** The Latin line's largest size, points; both smaller when a line would not fit the page. */
const LATIN_POINTS = 5;
const MARGIN_POINTS = 12;

/** The text Helvetica can draw (printable ASCII), spaces and separators tidied. */
export function latinLine(text: string): string {
  return text
    .replace(/·/g, '-')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s*-\s*(-\s*)+/g, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s-]+|[\s-]+$/g, '');
}

export const pdfLibStamper: PdfStamper = async (pdf, stamp) => {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // One image object, drawn on every page.
  const image = await doc.embedPng(stamp.line.png);
  const trace = `personal copy ${stamp.trace}`;
  const latin = latinLine(stamp.footer);
  const line = latin.includes(trace) ? latin : `${latin} ${trace}`.trim();
  for (const page of doc.getPages()) {
    const { width } = page.getSize();
    const room = width - 2 * MARGIN_POINTS;
    const scale = Math.min(LINE_POINTS / stamp.line.height, room / stamp.line.width);
    const [w, h] = [stamp.line.width * scale, stamp.line.height * scale];
    const size = Math.min(LATIN_POINTS, room / font.widthOfTextAtSize(line, 1));
    const band = h + size * 2.4;
    page.drawRectangle({ x: 0, y: 0, width, height: band, color: rgb(1, 1, 1), opacity: 0.9 });
    page.drawImage(image, { x: MARGIN_POINTS, y: band - h - size * 0.3, width: w, height: h });
    page.drawText(line, {
      x: MARGIN_POINTS,
      y: size * 0.6,
      size,
      font,
      color: rgb(0.25, 0.25, 0.25),
    });
  }
  const title = latinLine(stamp.title);
  if (title) doc.setTitle(title);
  doc.setSubject(`Personal copy, trace ${stamp.trace}`);
  doc.setKeywords([`patrika-trace:${stamp.trace}`]);
  doc.setCreator('Patrika e-paper');
  doc.setProducer('Patrika (pdf-lib)');
  return Buffer.from(await doc.save());
};
