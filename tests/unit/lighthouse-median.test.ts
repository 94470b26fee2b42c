import { describe, expect, it } from 'vitest';
import {
  judgedPerformance,
  MAX_RUNS,
  medianRun,
  type CalibratedRun,
  type Verdict,
} from '../../scripts/lighthouse';

/** A run with this performance score and calibration verdict (all medianRun reads of it). */
const run = (score: number, verdict: Verdict = 'calibrated') =>
  ({
    result: { lhr: { categories: { performance: { score } } } },
    verdict,
  }) as unknown as CalibratedRun;
const scoreOf = (r: CalibratedRun | undefined) =>
  r?.result.lhr.categories.performance?.score ?? null;

describe('a page is judged by the median of three judged runs (scripts/lighthouse.ts)', () => {
  it('waits for a third run when two disagree, and takes the middle one', () => {
    expect(medianRun([run(0.99), run(0.87)])).toBeUndefined();
    expect(scoreOf(medianRun([run(0.99), run(0.87), run(0.97)]))).toBe(0.97);
    expect(scoreOf(medianRun([run(0.87), run(1), run(0.99)]))).toBe(0.99);
  });

  it('lets two that agree about 0.98 decide, as the third cannot move the median across it', () => {
    // The one nearer the target is the one shown.
    expect(scoreOf(medianRun([run(1), run(0.99)]))).toBe(0.99);
    expect(scoreOf(medianRun([run(0.9), run(0.96)]))).toBe(0.96);
    expect(medianRun([run(1)])).toBeUndefined();
  });

  it('counts only runs whose calibration held, and decides nothing from none', () => {
    // A failure from an over-throttled run says more about the host than the page.
    const runs = [run(0.9, 'over-throttled'), run(0.99), run(0.95, 'starved'), run(0.99)];
    expect(scoreOf(medianRun(runs))).toBe(0.99);
    expect(medianRun([run(0.5, 'starved')], true)).toBeUndefined();
    expect(medianRun([run(0.99), run(0.9)], true)).toBeUndefined();
    expect(scoreOf(medianRun([run(0.9, 'starved'), run(0.99)], true))).toBe(0.99);
  });

  it('runs until decided, at most MAX_RUNS times', async () => {
    const scores = [0.99, 0.87, 0.97, 1, 1];
    let made = 0;
    const { runs, median } = await judgedPerformance(async () => run(scores[made++]!));
    expect(runs.map(scoreOf)).toEqual([0.99, 0.87, 0.97]);
    expect(scoreOf(median)).toBe(0.97);
    let starved = 0;
    const never = await judgedPerformance(async () => (starved++, run(0.5, 'starved')));
    expect(starved).toBe(MAX_RUNS);
    expect(never.median).toBeUndefined();
  });
});
