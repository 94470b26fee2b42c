/*
 * When search's next window of time is asked as the last one, back to the first article with
 * no range (docs/decisions/088): when it reaches the first article; when the matches found so
 * far say the rest holds at most LAST_WINDOW_MATCHES; with none found, when it covers more than
 * half of what is left. Otherwise the window keeps its range, which the GIN index answers.
 */
import { describe, expect, it } from 'vitest';
import { LAST_WINDOW_MATCHES, lastWindow } from '../../server/modules/search/search-repository';

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const now = 15 * YEAR;
const oldest = 0;

describe('lastWindow', () => {
  it('is the last when it reaches the first article', () => {
    expect(lastWindow({ after: oldest, before: now - DAY, oldest, now, found: 900 })).toBe(true);
    expect(lastWindow({ after: -DAY, before: now - DAY, oldest, now, found: 0 })).toBe(true);
  });

  it('is the last when the rest is expected to hold few matches', () => {
    // A rare pair in fifteen years of a million stories: 5 found in the first 17 days say about
    // 1,600 in the years before, where the next window would reach back eleven.
    const before = now - 17 * DAY;
    expect(lastWindow({ after: now - 11 * YEAR, before, oldest, now, found: 5 })).toBe(true);
    // At the rate of 12 in 17 days the rest holds about 3,860: still the last.
    expect(lastWindow({ after: now - YEAR, before, oldest, now, found: 12 })).toBe(true);
  });

  it('keeps its range when the rest is expected to hold many matches', () => {
    const before = now - 17 * DAY;
    // 13 in 17 days: about 4,180 in the rest, past LAST_WINDOW_MATCHES.
    expect(LAST_WINDOW_MATCHES).toBe(4_000);
    expect(lastWindow({ after: now - 2 * YEAR, before, oldest, now, found: 13 })).toBe(false);
    // A common word: hundreds in its first day.
    expect(lastWindow({ after: now - 3 * DAY, before: now - DAY, oldest, now, found: 400 })).toBe(
      false,
    );
  });

  it('with none found yet, is the last only past half of what is left', () => {
    const before = now - YEAR;
    expect(lastWindow({ after: now - 8 * YEAR, before, oldest, now, found: 0 })).toBe(false);
    expect(lastWindow({ after: now - 9 * YEAR, before, oldest, now, found: 0 })).toBe(true);
  });
});
