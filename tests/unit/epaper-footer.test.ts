/*
 * The e-paper's footers (issue 68 items 2 and 4; server/modules/epaper/epaper-footer.ts): a
 * clip's strip and a downloaded copy's line say their words in the paper's language, Gujarati
 * included (its own Noto face, not English as before), and the line set by sharp is really
 * Gujarati: Tesseract, reading the image made, finds the words. A font that could not shape
 * the script would leave boxes that no OCR reads as Gujarati.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { isStoredKey } from '../../server/modules/media/media-storage';
import { epaperClipKey } from '../../common/epaper';
import {
  clipFooterWords,
  copyFooterWords,
  footerImage,
} from '../../server/modules/epaper/epaper-footer';
import { SLOW_TEST } from '../setup/timeouts';

const workDir = mkdtempSync(join(tmpdir(), 'patrika-footer-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const AHMEDABAD = { hi: 'अहमदाबाद', en: 'Ahmedabad', gu: 'અમદાવાદ' };
const GUJARATI = /[\u0A80-\u0AFF]/;
const DEVANAGARI = /[\u0900-\u097F]/;
/** Latin letters outside what a footer may carry in them: the site's name, digits, the trace. */
const latinWords = (line: string) => line.match(/[A-Za-z]+/g) ?? [];

describe('a clip’s footer', () => {
  it('is in Gujarati on a Gujarati site: the edition, the date and the page word', () => {
    const words = clipFooterWords(
      { name: 'Patrika', language: 'gu' },
      { names: AHMEDABAD, date: '2026-11-29', number: 3 },
    );
    expect(words).toMatchObject({ lang: 'gu', masthead: 'Patrika' });
    expect(words.line).toContain('અમદાવાદ');
    expect(words.line).toContain('પાનું 3');
    expect(words.line).toMatch(/નવેમ્બર/);
    expect(latinWords(words.line)).toEqual([]);
    expect(words.line).not.toMatch(DEVANAGARI);
  });

  it('keeps Hindi and Marathi in Devanagari, and English where the site is in English', () => {
    const page = { names: AHMEDABAD, date: '2026-11-29', number: 2 };
    expect(clipFooterWords({ name: 'P', language: 'hi' }, page).line).toContain('पृष्ठ 2');
    const mr = clipFooterWords({ name: 'P', language: 'mr' }, page);
    // No Marathi name: the Hindi one, in the same script.
    expect(mr.line).toContain('अहमदाबाद');
    expect(mr.line).toContain('पान');
    expect(clipFooterWords({ name: 'P', language: 'en' }, page).line).toBe(
      'Ahmedabad · 29 November 2026 · Page 2',
    );
  });

  it(
    'is set by sharp in the Gujarati face: Tesseract reads the words back',
    async () => {
      const words = clipFooterWords(
        { name: 'Patrika', language: 'gu' },
        { names: AHMEDABAD, date: '2026-11-29', number: 3 },
      );
      const image = await footerImage(words, { sizePx: 48, workDir, white: true });
      expect(image.height).toBeGreaterThan(40);
      expect((await sharp(image.png).metadata()).format).toBe('png');
      const read = execFileSync('tesseract', ['stdin', 'stdout', '-l', 'guj', '--psm', '7'], {
        input: image.png,
        encoding: 'utf8',
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      expect(read).toMatch(GUJARATI);
      expect(read).toContain('અમદાવાદ');
    },
    SLOW_TEST.timeout,
  );
});

describe('a downloaded copy’s line', () => {
  it(
    'is in the issue’s language with its trace, and sets as an image',
    async () => {
      const trace = 'ab'.repeat(16);
      const issue = { names: AHMEDABAD, date: '2026-11-29', language: 'gu' };
      const words = copyFooterWords({ name: 'Patrika' }, issue, trace);
      expect(words.lang).toBe('gu');
      expect(words.line).toContain(`વ્યક્તિગત નકલ ${trace}`);
      expect(words.line).toContain('અમદાવાદ');
      const hindi = copyFooterWords({ name: 'पत्रिका' }, { ...issue, language: 'hi' }, trace);
      expect(hindi.line).toContain(`व्यक्तिगत प्रति ${trace}`);
      const image = await footerImage(words, { sizePx: 36, workDir, white: true });
      const meta = await sharp(image.png).metadata();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      // One line, as long as its words: far wider than high.
      expect(image.width).toBeGreaterThan(image.height * 10);
    },
    SLOW_TEST.timeout,
  );
});

describe('backups', () => {
  it('keep clips’ images: a clip’s key is one a bucket’s backup copies and a restore puts back', () => {
    expect(isStoredKey(epaperClipKey('0b6f1e62-9a57-4c1e-8d1e-2f4f0c1d2e3a'))).toBe(true);
    expect(isStoredKey('epaper/clips/../../etc/passwd')).toBe(false);
  });
});
