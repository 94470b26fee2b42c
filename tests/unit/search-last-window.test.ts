/*
 * When search's next window of time is asked as the last one, back to the first article with
 * no range (docs/decisions/088): when it reaches the first article, or covers more than half of
 * what is left; a narrower window keeps its range, which the GIN index answers.
 */
import { describe, expect, it } from 'vitest';
import { lastWindow } from '../../server/modules/search/search-repository';

const DAY = 86_400_000;
const before = 10_000 * DAY;
const oldest = 0;

describe('lastWindow', () => {
  it('is the last when it reaches the first article', () => {
    expect(lastWindow(oldest, before, oldest)).toBe(true);
    expect(lastWindow(oldest - DAY, before, oldest)).toBe(true);
  });

  it('is the last when it covers more than half of what is left', () => {
    // 16 days back, then 11 of 15 years: a rare pair in a million stories (docs/perf/scale.md).
    expect(lastWindow(before - 0.73 * before, before, oldest)).toBe(true);
    expect(lastWindow(before - 0.51 * before, before, oldest)).toBe(true);
  });

  it('keeps its range when it covers half of what is left or less', () => {
    expect(lastWindow(before - 0.5 * before, before, oldest)).toBe(false);
    expect(lastWindow(before - 16 * DAY, before, oldest)).toBe(false);
    // What is left is measured from the window's end, not from now.
    expect(lastWindow(2_000 * DAY, 3_900 * DAY, oldest)).toBe(false);
    expect(lastWindow(2_000 * DAY, 4_500 * DAY, oldest)).toBe(true);
  });
});
