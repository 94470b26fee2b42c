/*
 * The elections' texts (issue 69): the results pages in the four interface languages
 * (common/election-copy.ts) and the desk in both back-office languages
 * (app/copy/election-desk.ts). Every language has every English key, each said in its own
 * script, none empty; won and leading are named apart in each.
 */
import { describe, expect, it } from 'vitest';
import { electionDeskCopy } from '../../app/copy/election-desk';
import { electionsCopy } from '../../common/election-copy';

const SCRIPTS = { hi: /[\u0900-\u097f]/, mr: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ } as const;

/** Every text of a copy, functions said with sample values, nested records flattened. */
function texts(copy: object, prefix = ''): [string, string][] {
  return Object.entries(copy).flatMap(([key, value]): [string, string][] => {
    const at = `${prefix}${key}`;
    if (typeof value === 'function') {
      const args = Array.from({ length: value.length }, (_, i) => (i % 2 ? 7 : 'नाम'));
      return [[at, String((value as (...a: unknown[]) => unknown)(...args))]];
    }
    if (typeof value === 'object' && value) return texts(value, `${at}.`);
    return [[at, String(value)]];
  });
}

const keys = (copy: object) =>
  texts(copy)
    .map(([key]) => key)
    .sort();

describe('the results pages’ texts', () => {
  it('has every English text in Hindi, Marathi and Gujarati, in their scripts', () => {
    for (const lang of ['hi', 'mr', 'gu'] as const) {
      expect(keys(electionsCopy[lang]), lang).toEqual(keys(electionsCopy.en));
      for (const [key, text] of texts(electionsCopy[lang])) {
        if (
          key === 'reserved.GEN' ||
          /^(stateResults|seatTitle|ahead|sourceAt|tallyBar)$/.test(key)
        )
          continue;
        expect(text, `${lang} ${key}`).toMatch(SCRIPTS[lang]);
      }
    }
    for (const [key, text] of texts(electionsCopy.en))
      if (key !== 'reserved.GEN') expect(text.trim(), key).not.toBe('');
  });

  it('names won and leading apart, and their sum as their sum', () => {
    for (const copy of Object.values(electionsCopy)) {
      expect(copy.won).not.toBe(copy.leading);
      expect(copy.total.toLowerCase()).toContain(copy.won.toLowerCase());
      expect(copy.total.toLowerCase()).toContain(copy.leading.toLowerCase());
    }
  });
});

describe('the desk’s texts', () => {
  it('has every English text in Hindi, each in Devanagari', () => {
    const { en, hi } = electionDeskCopy;
    expect(keys(hi)).toEqual(keys(en));
    for (const [key, text] of texts(hi)) expect(text, key).toMatch(SCRIPTS.hi);
  });
});
