/*
 * The rules that hold a comment (issue 42 item 3): blocked words matched after the search's
 * Hindi folding, links, repeats, young accounts, first or every comment; and closing.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMENT_SETTINGS } from '../../common/schemas/comments';
import {
  blockedWordIn,
  commentsOpen,
  holdReason,
  type CommenterPast,
} from '../../server/modules/comments/comment-rules';

const known: CommenterPast = { approved: 3, sameText: 0, accountMinutes: 600, staff: false };
const settings = { ...DEFAULT_COMMENT_SETTINGS, blockedWords: ['ज़लील', 'bura aadmi'] };

describe('blockedWordIn', () => {
  it('finds an entry written with the nukta in every spelling the search folds together', () => {
    for (const text of ['तुम ज़लील हो', 'तुम जलील हो', 'you are zaleel', 'ZALIL!', 'jaleel.'])
      expect(blockedWordIn(text, ['ज़लील']), text).toBe('ज़लील');
  });

  it('finds a Latin entry in Devanagari and an entry of two words in a row only', () => {
    expect(blockedWordIn('वह बुरा आदमी है', ['bura aadmi'])).toBe('bura aadmi');
    expect(blockedWordIn('बुरा नहीं, आदमी अच्छा', ['bura aadmi'])).toBeUndefined();
  });

  it('finds an entry written to slip past it (issue 66 item 12)', () => {
    const slips = [
      'you are za\u00adleel', // a soft hyphen
      'you are za\u200dleel', // a zero-width joiner
      'you are za\u200cleel', // a zero-width non-joiner
      'you are zаlееl', // Cyrillic а and е
      'YOU ARE ΖΑLEEL', // Greek capitals
      'you are z a l e e l',
      'you are z.a.l.e.e.l',
      'you are z-a-l-e-e-l',
      'you are za-leel!',
      'तुम ज़\u00adलील हो',
      'तुम ज़ ली ल हो',
    ];
    for (const text of slips) expect(blockedWordIn(text, ['ज़लील']), text).toBe('ज़लील');
    for (const text of ['b u r a aadmi', 'b.u.r.a a.a.d.m.i', 'вurа aadmi'])
      expect(blockedWordIn(text, ['bura aadmi']), text).toBe('bura aadmi');
    // Letters apart by chance, and a word beside the entry, still do not match it.
    expect(blockedWordIn('plan A or plan B', ['ab'])).toBeUndefined();
    expect(blockedWordIn('zaleelpur se khabar', ['ज़लील'])).toBeUndefined();
  });

  it('matches whole words, not parts of them', () => {
    expect(blockedWordIn('जलीलपुर की ख़बर', ['ज़लील'])).toBeUndefined();
    expect(blockedWordIn('अच्छी ख़बर', [])).toBeUndefined();
  });
});

describe('holdReason', () => {
  it('shows a known reader’s plain comment at once', () => {
    expect(holdReason(settings, 'अच्छी ख़बर', known)).toBeUndefined();
  });

  it('holds for each rule, with its reason', () => {
    expect(holdReason(settings, 'तुम जलील हो', known)).toBe('blockedWord');
    expect(holdReason(settings, 'https://a.org https://b.org', known)).toBe('links');
    expect(holdReason(settings, 'https://a.org', known)).toBeUndefined();
    expect(holdReason(settings, 'Again', { ...known, sameText: 1 })).toBe('duplicate');
    expect(holdReason(settings, 'New', { ...known, accountMinutes: 59 })).toBe('accountAge');
    expect(holdReason(settings, 'First', { ...known, approved: 0 })).toBe('first');
    expect(holdReason({ ...settings, hold: 'all' }, 'Any', known)).toBe('all');
    expect(holdReason({ ...settings, hold: 'none' }, 'First', { ...known, approved: 0 })).toBe(
      undefined,
    );
  });

  it('never holds staff', () => {
    const staff = { ...known, approved: 0, accountMinutes: 0, staff: true };
    expect(holdReason(settings, 'ज़लील https://a.org https://b.org', staff)).toBeUndefined();
  });
});

describe('commentsOpen', () => {
  const published = new Date('2026-01-01T00:00:00Z');
  it('closes when the settings say so, or N days after publication', () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(published.getTime() + days * day);
    expect(commentsOpen(settings, published, at(1000))).toBe(true);
    expect(commentsOpen({ ...settings, open: false }, published, at(0))).toBe(false);
    expect(commentsOpen({ ...settings, closeAfterDays: 7 }, published, at(6.9))).toBe(true);
    expect(commentsOpen({ ...settings, closeAfterDays: 7 }, published, at(7))).toBe(false);
  });

  it('asks the story, then its section, then the site', () => {
    const shut = { ...settings, open: false };
    const flags = (article: boolean | null, category: boolean | null) => ({ article, category });
    expect(commentsOpen(shut, published, published, flags(null, true))).toBe(true);
    expect(commentsOpen(shut, published, published, flags(true, false))).toBe(true);
    expect(commentsOpen(settings, published, published, flags(null, false))).toBe(false);
    expect(commentsOpen(settings, published, published, flags(false, true))).toBe(false);
    expect(commentsOpen(settings, published, published, flags(null, null))).toBe(true);
    // Open by its own flag, a story still closes N days after publication.
    const week = { ...shut, closeAfterDays: 7 };
    const later = new Date(published.getTime() + 8 * 86_400_000);
    expect(commentsOpen(week, published, later, flags(true, null))).toBe(false);
  });
});
