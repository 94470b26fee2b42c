import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from '../../common/slug';

describe('slugify', () => {
  it.each([
    ["Editor's Choice", 'editors-choice'],
    ['Apna Gyaan', 'apna-gyaan'],
    ['  Hello,   World!  ', 'hello-world'],
    ['Café & Crème', 'cafe-and-creme'],
    ['पत्रिका', 'patrika'],
    ['राजस्थान की यात्रा', 'rajasthan-ki-yatra'],
    ['कहानी', 'kahani'],
    ['स्वास्थ्य', 'svasthya'],
    ['ज़िंदगी', 'zindagi'],
    ['२०२६ का बजट', '2026-ka-bajat'],
    // The inherent "a" Hindi does not say is left out (schwa deletion).
    ['करना', 'karna'],
    ['समझना', 'samajhna'],
    ['बदलना', 'badalna'],
    ['सरकार', 'sarkar'],
    ['अपना ज्ञान', 'apna-gyan'],
    ['खेलकूद', 'khelkud'],
    ['प्रधानमंत्री', 'pradhanmantri'],
    ['भारतीय', 'bhartiya'],
    ['राष्ट्रीय', 'rashtriya'],
    ['कमल', 'kamal'],
    ['भारत', 'bharat'],
    ['मनोरंजन', 'manoranjan'],
    ['नमस्ते दुनिया', 'namaste-duniya'],
    ['महत्वपूर्ण', 'mahatvapurna'],
    ['लड़की', 'ladki'],
    ['बच्चों में पढ़ने की आदत', 'bachchon-men-padhne-ki-adat'],
    ['संपादक की पसंद', 'sampadak-ki-pasand'],
    ['हिंदी', 'hindi'],
    ['हिन्दी', 'hindi'],
    ['पालन-पोषण', 'palan-poshan'],
    ['भारत व चीन', 'bharat-va-chin'],
    ['भा.ज.पा.', 'bha-ja-pa'],
    ['न', 'na'],
    // Zero-width joiners only shape the letters.
    ['क्\u200dष', 'ksha'],
    ['क्\u200cष', 'ksha'],
  ])('%s -> %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('always answers lower-case ASCII words joined by hyphens, or nothing', () => {
    for (const input of ['!!!', '—', '😀 ok', 'a--b', 'बच्चों में पढ़ने की आदत']) {
      const slug = slugify(input);
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
    }
  });

  it('limits length on a word boundary', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug.endsWith('-')).toBe(false);
  });
});
