/*
 * A card's time as news readers say it (issue 45 item 3, common/relative-time.ts): relative
 * within a day, in the interface's language, from the words the server puts in the page; the
 * absolute day the server wrote after that.
 */
import { describe, expect, it } from 'vitest';
import { relativeWithinDay, relativeWords } from '../../common/relative-time';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3600_000;
const MINUTE = 60_000;
const say = (ms: number, locale: string) => relativeWithinDay(ago(ms), now, relativeWords(locale));

describe('relativeWithinDay', () => {
  it('says hours and minutes ago in English and in Hindi, with the form for one', () => {
    expect(say(2 * HOUR, 'en-IN')).toBe('2 hours ago');
    expect(say(2 * HOUR, 'hi-IN')).toBe('2 घंटे पहले');
    expect(say(HOUR, 'en-IN')).toBe('1 hour ago');
    expect(say(HOUR, 'hi-IN')).toBe('1 घंटे पहले');
    expect(say(5 * MINUTE, 'en-IN')).toBe('5 minutes ago');
    expect(say(MINUTE, 'en-IN')).toBe('1 minute ago');
    expect(say(59 * MINUTE, 'en-IN')).toBe('59 minutes ago');
    expect(say(20_000, 'en-IN')).toBe('now');
    expect(say(20_000, 'hi-IN')).toBe('अब');
  });

  it('leaves a day or more ago, and a time far ahead, to the absolute day', () => {
    expect(say(24 * HOUR, 'en-IN')).toBeUndefined();
    expect(say(23.9 * HOUR, 'en-IN')).toBe('23 hours ago');
    expect(say(-HOUR, 'en-IN')).toBeUndefined();
    expect(relativeWithinDay(new Date('not a date'), now, relativeWords('en-IN'))).toBeUndefined();
  });

  it('says what Intl says in Marathi and Gujarati, digits included', () => {
    for (const locale of ['mr-IN', 'gu-IN', 'hi-IN', 'en-IN']) {
      const intl = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      for (const n of [1, 2, 3, 12, 23])
        expect(say(n * HOUR, locale)).toBe(intl.format(-n, 'hour'));
      for (const n of [1, 2, 7, 45])
        expect(say(n * MINUTE, locale)).toBe(intl.format(-n, 'minute'));
      expect(say(0, locale)).toBe(intl.format(0, 'second'));
    }
  });
});
