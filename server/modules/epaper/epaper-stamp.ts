/*
 * A downloaded issue's stamp (issue 68 item 4, docs/decisions/074), by pdf-lib (MIT): every
 * page gets a footer line naming the site, the edition, the date and the copy's trace, and the
 * document's metadata carries the trace (its subject and keywords), so a leaked copy leads the
 * back office to its reader. The footer is set in the PDF's own Helvetica, which draws Latin
 * letters only: what else a name holds (a Hindi site name) is left out of the line, never the
 * trace. pdf-lib reads and writes the PDF in this process; the pages it was given are Poppler's.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { PdfStamper } from './epaper-deps';

/** The footer's largest size, points; smaller when the line would not fit the page. */
const FOOTER_POINTS = 8;
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
  const line = latinLine(stamp.footer) || `personal copy ${stamp.trace}`;
  for (const page of doc.getPages()) {
    const { width } = page.getSize();
    const fit = (width - 2 * MARGIN_POINTS) / font.widthOfTextAtSize(line, 1);
    const size = Math.min(FOOTER_POINTS, fit);
    const band = size * 2.2;
    page.drawRectangle({ x: 0, y: 0, width, height: band, color: rgb(1, 1, 1), opacity: 0.9 });
    page.drawText(line, {
      x: MARGIN_POINTS,
      y: band / 2 - size / 3,
      size,
      font,
      color: rgb(0.15, 0.15, 0.15),
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
