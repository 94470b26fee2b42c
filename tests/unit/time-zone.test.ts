import { describe, expect, it } from 'vitest';
import {
  formatForReaders,
  formatZoned,
  fromZonedInput,
  isTimeZone,
  toZonedInput,
} from '../../common/time-zone';

describe('site time zone', () => {
  it('shows a UTC instant in the zone, as lists show a schedule', () => {
    const at = new Date('2026-11-23T00:30:00Z');
    expect(formatZoned(at, 'Asia/Kolkata')).toBe('23 Nov 2026, 06:00 IST');
    expect(toZonedInput(at, 'Asia/Kolkata')).toBe('2026-11-23T06:00');
    expect(toZonedInput(at, 'America/New_York')).toBe('2026-11-22T19:30');
  });

  it('reads a time entered in the zone as the UTC instant it names', () => {
    expect(fromZonedInput('2026-11-23T06:00', 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-23T00:30:00.000Z',
    );
    // Summer and winter in London: the offset follows the date, not today.
    expect(fromZonedInput('2026-07-01T12:00', 'Europe/London')?.toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
    expect(fromZonedInput('2026-12-01T12:00', 'Europe/London')?.toISOString()).toBe(
      '2026-12-01T12:00:00.000Z',
    );
    expect(fromZonedInput('tomorrow', 'Asia/Kolkata')).toBeUndefined();
  });

  it('knows zone names', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('writes a reading page’s days and times in the zone and the interface’s language', () => {
    // 18:45 UTC on 31 December is already the next year in India.
    const at = new Date('2025-12-31T18:45:00Z');
    expect(formatForReaders(at, 'Asia/Kolkata', 'en-IN', 'day')).toBe('1 January 2026');
    expect(formatForReaders(at, 'Asia/Kolkata', 'en-IN', 'dayAndTime')).toBe('1 Jan, 00:15');
    expect(formatForReaders(at, 'Asia/Kolkata', 'hi-IN', 'day')).toBe('1 जनवरी 2026');
    expect(formatForReaders(at, 'Asia/Kolkata', 'hi-IN', 'dayAndTime')).toBe('1 जन॰, 00:15');
    expect(formatForReaders(at, 'Europe/London', 'en-IN', 'day')).toBe('31 December 2025');
    expect(formatForReaders(at, 'America/New_York', 'en-IN', 'dayAndTime')).toBe('31 Dec, 13:45');
  });
});
