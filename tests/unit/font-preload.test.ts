/*
 * The Devanagari face preloaded where a page written in Latin letters shows Devanagari text (a
 * Hindi story on an English home: 0.22–0.24 of layout shift at 375 px when it came late), and
 * nowhere else: not on a page in Hindi (root.tsx preloads it there), not on a page without it.
 */
import { describe, expect, it } from 'vitest';
import { cardTexts, devanagariPreload, pageFontHref } from '../../app/features/seo/font-preload';

describe('devanagariPreload', () => {
  it('asks for the Devanagari face on an English page with Hindi text', () => {
    const [link, ...more] = devanagariPreload('en', ['Monsoon notes', null, 'चिट्ठियों का ज़माना']);
    expect(more).toEqual([]);
    expect(link).toMatchObject({ tagName: 'link', rel: 'preload', as: 'font' });
    expect(String((link as { href: string }).href)).toMatch(/noto-sans-devanagari.*400.*\.woff2/);
  });

  it('asks for nothing on a Hindi page, or without Devanagari text', () => {
    expect(devanagariPreload('hi', ['चिट्ठियों का ज़माना'])).toEqual([]);
    expect(devanagariPreload('mr', ['पत्रिका'])).toEqual([]);
    expect(devanagariPreload('en', ['Monsoon notes', undefined, ''])).toEqual([]);
    expect(devanagariPreload('gu', ['સમાચાર'])).toEqual([]);
  });
});

describe('pageFontHref', () => {
  it('is the Devanagari face for Hindi and Marathi pages, the Latin one for the rest', () => {
    expect(pageFontHref('hi')).toMatch(/noto-sans-devanagari/);
    expect(pageFontHref('mr')).toBe(pageFontHref('hi'));
    expect(pageFontHref('en')).toMatch(/noto-sans-latin/);
    expect(pageFontHref('gu')).toBe(pageFontHref('en'));
  });
});

describe('cardTexts', () => {
  it('gives each card’s title and standfirst, whichever it has', () => {
    expect(
      cardTexts([
        { name: 'Monsoon notes', excerpt: 'Rain at last' },
        { name: 'चिट्ठियों का ज़माना', excerpt: null },
        { name: 'Kota' },
      ]),
    ).toEqual(['Monsoon notes', 'Rain at last', 'चिट्ठियों का ज़माना', null, 'Kota', undefined]);
  });
});
