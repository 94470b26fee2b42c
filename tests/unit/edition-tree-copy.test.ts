/*
 * The editions screen's texts (app/copy/edition-tree.ts, issue 65 item 1) in every interface
 * language: each has every English key (and every kind's name), said in its own script, none
 * empty, and the texts made of names keep them.
 */
import { describe, expect, it } from 'vitest';
import { editionTreeCopy } from '../../app/copy/edition-tree';
import { EDITION_KINDS } from '../../common/editions';

const SCRIPTS = { hi: /[\u0900-\u097f]/, mr: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ };
const sayAll = (text: unknown): string[] =>
  typeof text === 'function'
    ? [String((text as (x: unknown) => unknown)('Kota 7'))]
    : typeof text === 'object' && text !== null
      ? Object.values(text).map(String)
      : [String(text)];

describe('the editions screen in four languages', () => {
  it('has every English key in Hindi, Marathi and Gujarati, each in its script', () => {
    const { en, ...others } = editionTreeCopy;
    for (const [lang, copy] of Object.entries(others)) {
      expect(Object.keys(copy).sort(), lang).toEqual(Object.keys(en).sort());
      expect(Object.keys(copy.kinds).sort(), lang).toEqual([...EDITION_KINDS].sort());
      for (const [key, text] of Object.entries(copy))
        for (const said of sayAll(text)) {
          expect(said, `${lang}.${key}`).toMatch(SCRIPTS[lang as keyof typeof SCRIPTS]);
          expect(said, `${lang}.${key}`).not.toMatch(/\b[A-Za-z]{3,}\s+[A-Za-z]{3,}\b/);
        }
    }
    for (const [key, text] of Object.entries(en))
      for (const said of sayAll(text)) expect(said.trim(), key).not.toBe('');
  });

  it('keeps the name it is given', () => {
    for (const copy of Object.values(editionTreeCopy)) {
      expect(copy.confirmDelete('Kota 7')).toContain('Kota 7');
      expect(copy.deleted('Kota 7')).toContain('Kota 7');
      expect(copy.failed('Kota 7')).toContain('Kota 7');
      expect(copy.kindHint(copy.kinds.town).toLowerCase()).toContain(copy.kinds.town.toLowerCase());
    }
  });
});
