/*
 * Devanagari text on a page whose own language is written in Latin letters (Hindi stories on an
 * English home, Hindi results on an English search page): the Devanagari face is asked for at
 * once, beside the page's own face that root.tsx preloads, not when the first such card is laid
 * out, so the cards do not move when it comes. Measured on a first visit at 375 px: the news
 * home with a Hindi lead story shifted 0.22–0.24 (its text drawn in the fallback, then swapped),
 * the search page 0.05–0.12. A page without such text fetches nothing more (unicode-range).
 */
import devanagariFontHref from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import latinFontHref from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';
import type { MetaDescriptor } from 'react-router';
import { isDevanagari, languageInfo, type Language } from '../../../common/languages';

/**
 * The one font file a page preloads for its own language (root.tsx): the face its script is
 * written in. Gujarati has no font of ours (the reader's own is used), so the Latin one serves.
 */
export const pageFontHref = (pageLanguage: Language) =>
  languageInfo(pageLanguage).script === 'Deva' ? devanagariFontHref : latinFontHref;

/** The preload of the Devanagari face when `texts` hold Devanagari and the page's own is not it. */
export function devanagariPreload(
  pageLanguage: Language,
  texts: readonly (string | null | undefined)[],
): MetaDescriptor[] {
  if (pageFontHref(pageLanguage) === devanagariFontHref) return [];
  if (!texts.some((text) => text && isDevanagari(text))) return [];
  return [
    {
      tagName: 'link',
      rel: 'preload',
      href: devanagariFontHref,
      as: 'font',
      type: 'font/woff2',
      crossOrigin: 'anonymous',
    },
  ];
}

/** What a list of story cards shows in words: each story's title and standfirst. */
export const cardTexts = (
  cards: readonly { name: string; excerpt?: string | null | undefined }[],
) => cards.flatMap((card) => [card.name, card.excerpt]);
