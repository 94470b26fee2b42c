/*
 * Two-step sign-in's texts (app/copy/two-step.ts) in both back-office languages: Hindi has
 * every English key, says each in Hindi (Devanagari, no run of English words), and counts the
 * Hindi way.
 */
import { describe, expect, it } from 'vitest';
import { twoStepCopy } from '../../app/copy/two-step';

const texts = (copy: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(copy).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (n: number) => string)(7) : String(value),
    ]),
  );

describe('two-step sign-in in Hindi', () => {
  const en = texts(twoStepCopy.en);
  const hi = texts(twoStepCopy.hi);

  it('has every English text', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('says every text in Hindi', () => {
    const untranslated = Object.entries(hi).filter(([, text]) => !/[\u0900-\u097f]/.test(text));
    expect(untranslated).toEqual([]);
    const englishRuns = Object.entries(hi).filter(([, text]) =>
      /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/.test(text),
    );
    expect(englishRuns).toEqual([]);
  });

  it('counts the recovery codes left', () => {
    expect(twoStepCopy.en.recoveryLeft(1)).toBe('1 unused recovery code left.');
    expect(twoStepCopy.en.recoveryLeft(10)).toBe('10 unused recovery codes left.');
    expect(twoStepCopy.hi.recoveryLeft(1)).toBe('बिना इस्तेमाल हुए रिकवरी कोड: 1।');
  });
});
