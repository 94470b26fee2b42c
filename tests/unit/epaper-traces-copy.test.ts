/*
 * "Find a leaked copy" (app/copy/epaper-traces.ts, issue 68 item 4) in every interface
 * language: each has every English key, said in its own script and none empty, and the texts
 * made of a trace keep it whole.
 */
import { expect, it } from 'vitest';
import { epaperTraceCopy } from '../../app/copy/epaper-traces';

const SCRIPTS = { hi: /[\u0900-\u097f]/, mr: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ };
const TRACE = 'ab'.repeat(16);
const said = (text: unknown) =>
  typeof text === 'function' ? String((text as (t: string) => string)(TRACE)) : String(text);

it('has every English key in Hindi, Marathi and Gujarati, each in its script, traces kept', () => {
  const { en, ...others } = epaperTraceCopy;
  for (const [lang, copy] of Object.entries(others)) {
    expect(Object.keys(copy).sort(), lang).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(copy))
      expect(said(text), `${lang}.${key}`).toMatch(SCRIPTS[lang as keyof typeof SCRIPTS]);
  }
  for (const copy of Object.values(epaperTraceCopy)) {
    for (const text of Object.values(copy)) expect(said(text).trim()).not.toBe('');
    expect(copy.notFound(TRACE)).toContain(TRACE);
    expect(copy.found(TRACE)).toContain(TRACE);
  }
});
