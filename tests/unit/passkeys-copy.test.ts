/*
 * Passkeys' texts (app/copy/passkeys.ts) in both back-office languages: Hindi has every English
 * key and says each in Hindi (Devanagari, no run of English words); names and dates go in.
 */
import { describe, expect, it } from 'vitest';
import { passkeysCopy } from '../../app/copy/passkeys';

const texts = (copy: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(copy).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (s: string) => string)('७ मई') : String(value),
    ]),
  );

describe('passkeys in Hindi', () => {
  const en = texts(passkeysCopy.en);
  const hi = texts(passkeysCopy.hi);

  it('has every English text', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('says every text in Hindi', () => {
    const untranslated = Object.entries(hi).filter(
      ([, text]) => !/[\u0900-\u097f]/.test(text.replace('७ मई', '')),
    );
    expect(untranslated).toEqual([]);
    const englishRuns = Object.entries(hi).filter(([, text]) =>
      /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(text),
    );
    expect(englishRuns).toEqual([]);
  });

  it('puts the name and the date in', () => {
    expect(passkeysCopy.en.removeLabel('Work laptop')).toBe('Remove the passkey “Work laptop”');
    expect(passkeysCopy.hi.addedOn('7 मई 2026')).toContain('7 मई 2026');
  });
});
