/*
 * The comments' queue texts (app/copy/comment-moderation.ts) in both back-office languages:
 * Hindi has every English key, nested ones too, and says each in Hindi; the issue's words
 * ("Comments" / "टिप्पणियाँ", Approve / "स्वीकार करें", "Staff" / "टीम") are the ones used.
 */
import { describe, expect, it } from 'vitest';
import { commentModerationCopy } from '../../app/copy/comment-moderation';
import { adminCopy } from '../../app/copy/admin';
import { adminCopyHi } from '../../app/copy/admin.hi';

/** Every text of a copy by its dotted key, functions called with a Hindi-neutral value. */
function texts(copy: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(copy).flatMap(([key, value]) => {
      const name = `${prefix}${key}`;
      if (typeof value === 'function')
        return [[name, String((value as (v: unknown) => string)(7))]];
      if (typeof value === 'object' && value)
        return Object.entries(texts(value as Record<string, unknown>, `${name}.`));
      return [[name, String(value)]];
    }),
  );
}

describe('the comments’ queue in Hindi', () => {
  const en = texts(commentModerationCopy.en);
  const hi = texts(commentModerationCopy.hi);

  it('has every English text', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('says every text in Hindi', () => {
    const untranslated = Object.entries(hi).filter(([, text]) => !/[\u0900-\u097f]/.test(text));
    expect(untranslated).toEqual([]);
  });

  it('uses the issue’s words', () => {
    expect([en.title, hi.title, en.approve, hi.approve, en.staff, hi.staff]).toEqual([
      'Comments',
      'टिप्पणियाँ',
      'Approve',
      'स्वीकार करें',
      'Staff',
      'टीम',
    ]);
    expect([adminCopy.nav.comments, adminCopyHi.nav.comments]).toEqual(['Comments', 'टिप्पणियाँ']);
    expect([adminCopy.roles.moderator, adminCopyHi.roles.moderator]).toEqual([
      'moderator',
      'मॉडरेटर',
    ]);
  });
});
