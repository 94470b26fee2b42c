/*
 * What a clip's footer strip and a downloaded copy's footer line say, and the line set as an
 * image (issue 68 items 2 and 4): the site's name, the edition, the date and the page (a clip)
 * or the copy's trace (a download), in the paper's language, set by sharp (Pango) in the
 * script's Noto face (epaper-font.ts). PDF's own fonts draw Latin letters only, so a copy's
 * line is this image too; one rendering path for both keeps them alike.
 */
import sharp from 'sharp';
import type { EditionNames } from '../../../db/schema/editions';
import { footerFont } from './epaper-font';

/** The words of a footer in each language a paper is printed in, and English. */
const WORDS = {
  en: { locale: 'en-IN', page: 'Page', copy: 'personal copy', keep: 'not for forwarding' },
  hi: { locale: 'hi-IN', page: 'पृष्ठ', copy: 'व्यक्तिगत प्रति', keep: 'आगे भेजने के लिए नहीं' },
  mr: { locale: 'mr-IN', page: 'पान', copy: 'वैयक्तिक प्रत', keep: 'पुढे पाठवण्यासाठी नाही' },
  gu: { locale: 'gu-IN', page: 'પાનું', copy: 'વ્યક્તિગત નકલ', keep: 'આગળ મોકલવા માટે નહીં' },
} as const;
export type FooterLanguage = keyof typeof WORDS;

/** A language a footer is written in: `lang` where it has words, else English. */
export const footerLanguage = (lang: string): FooterLanguage =>
  lang in WORDS ? (lang as FooterLanguage) : 'en';

/** The edition's name in `lang` (Hindi where it has none in Marathi or Gujarati). */
const editionIn = (names: EditionNames, lang: FooterLanguage) =>
  lang === 'en' ? names.en : (names[lang] ?? names.hi);

/** `YYYY-MM-DD` as the language writes a date (29 नवंबर 2026, 29 નવેમ્બર, 2026). */
const dateIn = (date: string, lang: FooterLanguage) =>
  new Intl.DateTimeFormat(WORDS[lang].locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

/** What a footer says: the masthead (set bold) and the rest of the line, in `lang`. */
export interface FooterWords {
  lang: FooterLanguage;
  masthead: string;
  line: string;
}

/** A clip's footer: edition · date · page, in the site's language. */
export function clipFooterWords(
  site: { name: string; language: string },
  page: { names: EditionNames; date: string; number: number },
): FooterWords {
  const lang = footerLanguage(site.language);
  const words = WORDS[lang];
  const line = `${editionIn(page.names, lang)} · ${dateIn(page.date, lang)} · ${words.page} ${page.number}`;
  return { lang, masthead: site.name, line };
}

/** A downloaded copy's visible line: edition · date · personal copy {trace} · not for forwarding. */
export function copyFooterWords(
  site: { name: string },
  issue: { names: EditionNames; date: string; language: string },
  trace: string,
): FooterWords {
  const lang = footerLanguage(issue.language);
  const words = WORDS[lang];
  const line = `${editionIn(issue.names, lang)} · ${dateIn(issue.date, lang)} · ${words.copy} ${trace} · ${words.keep}`;
  return { lang, masthead: site.name, line };
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A footer's text set as a PNG: dark on transparent, or on white when `background` is. */
export interface FooterImage {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The footer's words set by Pango in their script's face at `sizePx`: with `width`, wrapped onto
 * as many lines as that many pixels need (a clip's strip: a narrow box's line came out wider than
 * the clip, which sharp refused to lay on it); unset, on one line as long as it is.
 */
export async function footerImage(
  words: FooterWords,
  opts: { sizePx: number; workDir: string; width?: number; white?: boolean },
): Promise<FooterImage> {
  const font = await footerFont(opts.workDir, words.lang);
  const text = sharp({
    text: {
      text: `<span foreground="#111"><b>${escape(words.masthead)}</b>  ·  ${escape(words.line)}</span>`,
      font: `${font.family} ${opts.sizePx}px`,
      fontfile: font.file,
      ...(opts.width ? { width: opts.width } : {}),
      rgba: true,
      wrap: opts.width ? 'word-char' : 'none',
    },
  });
  const { data, info } = await (opts.white ? text.flatten({ background: '#ffffff' }) : text)
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
