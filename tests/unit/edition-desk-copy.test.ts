/*
 * The desk's edition tools' texts (app/copy/edition-desk.ts, issue 65 items 2 and 3) in every
 * interface language: each has every English key, said in its own script, none empty, and the
 * texts made of names and counts keep them.
 */
import { describe, expect, it } from 'vitest';
import { editionDeskCopy } from '../../app/copy/edition-desk';

const SCRIPTS = { hi: /[\u0900-\u097f]/, mr: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ };
const say = (text: unknown) =>
  typeof text === 'function' ? String((text as (x: unknown) => unknown)('Kota 7')) : String(text);

describe('the edition tools in four languages', () => {
  it('has every English key in Hindi, Marathi and Gujarati, each in its script', () => {
    const { en, ...others } = editionDeskCopy;
    for (const [lang, copy] of Object.entries(others)) {
      expect(Object.keys(copy).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(copy)) {
        const said = say(text);
        expect(said, `${lang}.${key}`).toMatch(SCRIPTS[lang as keyof typeof SCRIPTS]);
        expect(said, `${lang}.${key}`).not.toMatch(/\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b/);
      }
    }
    for (const [key, text] of Object.entries(en)) expect(say(text).trim(), key).not.toBe('');
  });

  it('keeps the name or count it is given', () => {
    for (const copy of Object.values(editionDeskCopy)) {
      expect(copy.select('Kota 7')).toContain('Kota 7');
      expect(copy.homesSaved('Kota 7')).toContain('Kota 7');
      expect(copy.bulkDone(3)).toContain('3');
      expect(copy.selected(3)).toContain('3');
    }
  });
});
