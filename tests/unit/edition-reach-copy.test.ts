/*
 * The edition selects' texts (app/copy/edition-reach.ts, issue 65 item 6) in both back-office
 * languages: Hindi has every English key and says each in Hindi.
 */
import { describe, expect, it } from 'vitest';
import { editionReachCopy } from '../../app/copy/edition-reach';

describe('edition selects in Hindi', () => {
  it('has every English text, each in Devanagari and none empty', () => {
    const { en, hi } = editionReachCopy;
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(hi)) {
      expect(text, key).toMatch(/[\u0900-\u097f]/);
      expect(text, key).not.toMatch(/\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/);
    }
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });
});
