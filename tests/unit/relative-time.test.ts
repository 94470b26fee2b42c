/*
 * A card's time as news readers say it (issue 45 item 3, common/relative-time.ts): relative
 * within a day, in the interface's language; the absolute day the server wrote after that.
 */
import { describe, expect, it } from 'vitest';
import { relativeWithinDay } from '../../common/relative-time';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 3600_000;

describe('relativeWithinDay', () => {
  it('says hours and minutes ago in English and in Hindi', () => {
    expect(relativeWithinDay(ago(2 * HOUR), now, 'en-IN')).toBe('2 hours ago');
    expect(relativeWithinDay(ago(2 * HOUR), now, 'hi-IN')).toBe('2 घंटे पहले');
    expect(relativeWithinDay(ago(5 * 60_000), now, 'en-IN')).toBe('5 minutes ago');
    expect(relativeWithinDay(ago(20_000), now, 'en-IN')).toBe('now');
  });

  it('leaves a day or more ago, and a time far ahead, to the absolute day', () => {
    expect(relativeWithinDay(ago(24 * HOUR), now, 'en-IN')).toBeUndefined();
    expect(relativeWithinDay(ago(23.9 * HOUR), now, 'en-IN')).toBe('23 hours ago');
    expect(relativeWithinDay(ago(-HOUR), now, 'en-IN')).toBeUndefined();
    expect(relativeWithinDay(new Date('not a date'), now, 'en-IN')).toBeUndefined();
  });

  it('speaks Marathi and Gujarati too', () => {
    expect(relativeWithinDay(ago(3 * HOUR), now, 'mr-IN')).toMatch(/३|3/);
    expect(relativeWithinDay(ago(3 * HOUR), now, 'gu-IN')).toMatch(/૩|3/);
  });
});
