/*
 * Tesseract's part (docs/decisions/067): a page's grey 300 dpi master read with the edition's
 * language and English (`hin+eng`), one thread (OMP_THREAD_LIMIT=1: a second core stays for
 * readers), its words kept with their boxes from hOCR. The text is machine-read (DECISIONS.md
 * §31): it feeds search and is shown labelled as such.
 */
import type { EpaperLanguage } from '../../../common/epaper';
import type { OcrWord } from '../../../db/schema/epaper';
import type { RawPage } from './epaper-pdf';
import type { ToolRunner } from './epaper-tools';

const MB = 1024 * 1024;
/**
 * A broadsheet page took 13.9 s of CPU and 131 MB here (ARCHITECTURE.md): ten times that is a
 * runaway. Its wall time may be far longer on a busy machine, where it waits at nice 19.
 */
const OCR = {
  cpuSeconds: 150,
  timeoutMs: 3_600_000,
  memoryBytes: 2048 * MB,
  maxOutputBytes: 64 * MB,
};

/** Tesseract's traineddata names (Debian's tesseract-ocr-hin, -mar, -guj, -eng). */
const TESSERACT_LANGUAGE: Record<EpaperLanguage, string> = { hi: 'hin', mr: 'mar', gu: 'guj' };

/** The page as a binary PGM, which Tesseract (Leptonica) reads from its standard input. */
const pgm = (page: RawPage) => {
  if (page.channels !== 1) throw new Error('OCR reads the grey master');
  return Buffer.concat([Buffer.from(`P5\n${page.width} ${page.height}\n255\n`), page.pixels]);
};

/** Reads the page; answers its hOCR document. */
export async function readPage(
  tools: ToolRunner,
  page: RawPage,
  language: EpaperLanguage,
): Promise<string> {
  const lang = `${TESSERACT_LANGUAGE[language]}+eng`;
  const { stdout } = await tools.ok(
    'tesseract',
    ['stdin', 'stdout', '-l', lang, '--psm', '3', '--dpi', '300', 'hocr'],
    { ...OCR, input: pgm(page), env: { OMP_THREAD_LIMIT: '1' } },
  );
  return stdout.toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });

/** The line-level classes Tesseract's hOCR writes (a headline is an `ocr_header`). */
const LINE_CLASSES = new Set(['ocr_line', 'ocr_header', 'ocr_caption', 'ocr_textfloat']);
/** An element of hOCR's tree down to words; its title in either quote, a word's text after it. */
const ELEMENT =
  /<(?:span|p) class='(ocr_par|ocr_line|ocr_header|ocr_caption|ocr_textfloat|ocrx_word)'[^>]*?title=(?:'([^']*)'|"([^"]*)")[^>]*>((?:(?!<\/?span)[\s\S])*)/g;

/**
 * hOCR's words with their boxes (pixels of the master), and the page's text: words joined by
 * spaces, lines by a line break, paragraphs by an empty line.
 */
export function parseHocr(hocr: string): { text: string; words: OcrWord[] } {
  const words: OcrWord[] = [];
  let text = '';
  for (const match of hocr.matchAll(ELEMENT)) {
    const [, kind, single, double, inner] = match;
    const title = single ?? double ?? '';
    if (kind === 'ocr_par') {
      if (text) text += '\n\n';
      continue;
    }
    if (LINE_CLASSES.has(kind!)) {
      if (text && !text.endsWith('\n')) text += '\n';
      continue;
    }
    const word = decode(inner ?? '').trim();
    const box = /bbox (\d+) (\d+) (\d+) (\d+)/.exec(title);
    if (!word || !box) continue;
    words.push([word, Number(box[1]), Number(box[2]), Number(box[3]), Number(box[4])]);
    text += text && !text.endsWith('\n') ? ` ${word}` : word;
  }
  return { text: text.trim(), words };
}
