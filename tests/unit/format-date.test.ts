import { describe, expect, it } from 'vitest';
import { formatDate } from '../../app/copy/language';

describe('formatDate', () => {
  it('writes dates as toLocaleDateString does, in the site time zone, with a reused formatter', () => {
    // 20:00 UTC is already the next day in India; 18:30 UTC is midnight there, so the two
    // seconds either side of it are different days.
    for (const iso of [
      '2026-01-05T20:00:00.000Z',
      '2025-12-31T18:29:59.000Z',
      '2025-12-31T18:30:00.000Z',
      '2025-12-31T02:00:00.000Z',
      '1969-12-31T20:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
    ])
      for (const locale of ['en-IN', 'hi-IN']) {
        const expected = new Date(iso).toLocaleDateString(locale, {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'Asia/Kolkata',
        });
        expect(formatDate(iso, locale)).toBe(expected);
        expect(formatDate(iso, locale)).toBe(expected);
      }
    expect(formatDate('2026-01-05T20:00:00.000Z', 'en-IN')).toBe('6 January 2026');
    expect(formatDate('2025-12-31T18:30:00.000Z', 'en-IN')).toBe('1 January 2026');
    expect(() => formatDate('not a date', 'en-IN')).toThrow(RangeError);
  });
});
