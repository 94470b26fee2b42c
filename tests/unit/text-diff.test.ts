import { describe, expect, it } from 'vitest';
import { diffTokens, diffWords, htmlToDiffText, sideBySide } from '../../common/text-diff';

const changed = (before: string, after: string) =>
  diffWords(before, after)
    .filter((p) => p.kind !== 'same')
    .map((p) => [p.kind, p.text]);

const join = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

describe('diffWords', () => {
  it('marks an English edit word by word', () => {
    expect(changed('The quick brown fox', 'The slow brown fox jumps')).toEqual([
      ['removed', 'quick'],
      ['added', 'slow'],
      ['added', ' jumps'],
    ]);
  });

  it('shows a Hindi edit as whole words: no conjunct or matra is split', () => {
    // क्षेत्र -> क्षेत्रों shares its first letters; a letter diff would mark only "ों".
    const before = 'प्रधानमंत्री ने इस क्षेत्र में विकास की बात कही।';
    const after = 'प्रधानमंत्री ने इन क्षेत्रों में विकास की बात कही।';
    expect(changed(before, after)).toEqual([
      ['removed', 'इस'],
      ['added', 'इन'],
      ['removed', 'क्षेत्र'],
      ['added', 'क्षेत्रों'],
    ]);
  });

  it('keeps a changed matra inside its whole word (कि / की)', () => {
    expect(changed('उसने कहा कि वह आएगा', 'उसने कहा की वह आएगा')).toEqual([
      ['removed', 'कि'],
      ['added', 'की'],
    ]);
  });

  it('gives both texts back from its parts', () => {
    const before = 'पहला पैराग्राफ़।\nदूसरा, with English too.';
    const after = 'पहला लंबा पैराग्राफ़।\nदूसरा; with more English.';
    const { before: left, after: right } = sideBySide(diffWords(before, after));
    expect(join(left)).toBe(before);
    expect(join(right)).toBe(after);
  });

  it('says "same" for equal texts and handles empty ones', () => {
    expect(diffWords('एक दो', 'एक दो')).toEqual([{ kind: 'same', text: 'एक दो' }]);
    expect(diffWords('', 'नया')).toEqual([{ kind: 'added', text: 'नया' }]);
    expect(diffWords('पुराना', '')).toEqual([{ kind: 'removed', text: 'पुराना' }]);
  });

  // How long it takes is the diff's work bound's business (myers gives up past it); this says
  // what comes out either way.
  it('answers a long body with a few changes, and a total rewrite', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `शब्द${i}`);
    const edited = [...words];
    edited[1000] = 'बदला';
    edited.splice(4000, 1);
    const parts = changed(words.join(' '), edited.join(' ')).map(([k, text]) => [k, text?.trim()]);
    expect(parts).toEqual([
      ['removed', 'शब्द1000'],
      ['added', 'बदला'],
      ['removed', 'शब्द4000'],
    ]);
    const rewrite = diffWords(words.join(' '), words.map((w) => `${w}x`).join(' '));
    expect(join(sideBySide(rewrite).after)).toBe(words.map((w) => `${w}x`).join(' '));
  });
});

describe('diffTokens', () => {
  it('makes each Devanagari word one token', () => {
    expect(diffTokens('स्वास्थ्य  मंत्रालय, दिल्ली')).toEqual([
      'स्वास्थ्य',
      '  ',
      'मंत्रालय',
      ',',
      ' ',
      'दिल्ली',
    ]);
  });
});

describe('htmlToDiffText', () => {
  it('puts blocks on lines, drops tags, decodes entities and names images', () => {
    expect(
      htmlToDiffText(
        '<h2>शीर्षक</h2><p>एक &amp; <strong>दो</strong></p><figure><img src="/media/a.jpg" alt=""><figcaption>चित्र</figcaption></figure>',
      ),
    ).toBe('शीर्षक\nएक & दो\n[/media/a.jpg] चित्र');
  });
});
