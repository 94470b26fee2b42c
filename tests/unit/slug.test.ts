import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from '../../common/slug';
import { titleSlug } from '../../common/title-slug';

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
    // No stray final vowel after a conjunct (issue 10 item 8; this was 'mahatvapurna').
    ['महत्वपूर्ण', 'mahatvapurn'],
    ['कोणार्क', 'konark'],
    ['अगस्त', 'agast'],
    ['रिपोर्ट', 'riport'],
    ['१५ अगस्त की रिपोर्ट', '15-agast-ki-riport'],
    // ... but kept after a conjunct ending in y, r, v or l, as readers write it.
    ['चक्र', 'chakra'],
    ['विश्व', 'vishva'],
    ['शुक्ल', 'shukla'],
    ['यज्ञ', 'yagya'],
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

  it.each([
    ['दिवाली', 'diwali'],
    ['दीवाली की रौनक', 'diwali-ki-raunak'],
    ['दिल्ली पुलिस', 'delhi-police'],
    ['ईद मुबारक', 'eid-mubarak'],
    ['कृष्ण जन्माष्टमी', 'krishna-janmashtami'],
    ['न्यूज़', 'news'],
    ['न्यू\u095b', 'news'], // ज़ as one code point
  ])('spells the common word in %s the way readers write it: %s', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([
    ['जयपुर में बाल पुस्तक मेला', 'jaipur-mein-bal-pustak-mela'],
    ['उदयपुर की झीलें', 'udaipur-ki-jhilen'],
    ['पहली बारिश से शहर बेहाल', 'pehli-barish-se-shahar-behal'],
    ['हैदराबाद में टीम की जीत', 'hyderabad-mein-team-ki-jeet'],
    ['२०२६ का बजट', '2026-ka-budget'],
    ['दिल्ली पुलिस की रिपोर्ट', 'delhi-police-ki-report'],
    ['बदलता ज़माना', 'badalta-zamana'],
  ])(
    "spells an article's title %s as its readers write the words (issue 45 item 1): %s",
    (input, expected) => {
      expect(titleSlug(input)).toBe(expected);
    },
  );

  it("keeps a tag's address, made from its name each time, on the slug's own table", () => {
    // A tag's page is linked as slugify(name) (common/paths.ts tagPath): its words do not move.
    expect(slugify('जयपुर')).toBe('jaypur');
    expect(slugify('बच्चों में पढ़ने की आदत')).toBe('bachchon-men-padhne-ki-adat');
    // A Latin slug is left as it is by either.
    for (const stored of ['jaypur-men-mela', 'konarka', 'agasta-2'])
      expect(titleSlug(stored)).toBe(stored);
  });

  it('uses the common-word table for whole words only', () => {
    expect(slugify('दिवालीपर')).toBe('divalipar');
  });

  it('leaves a Latin slug as it is, so a stored slug never changes when re-saved', () => {
    for (const stored of ['konarka', 'divali', 'mahatvapurna', 'agasta-2']) {
      expect(slugify(stored)).toBe(stored);
    }
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
