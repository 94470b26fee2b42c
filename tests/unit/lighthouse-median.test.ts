import { describe, expect, it } from 'vitest';
import {
  judgedPerformance,
  MAX_RUNS,
  medianRun,
  type CalibratedRun,
  type Verdict,
  verdictOf,
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

describe('a run is judged against the slowest and the fastest benchmark around it', () => {
  it('calls a steady host calibrated', () => {
    // 1,300 asks for a slowdown of 3 (Lighthouse's calculator).
    expect(verdictOf(3, [1300, 1290, 1320])).toBe('calibrated');
  });

  it('does not let a failure stand when Lighthouse measured a slower host than the run was calibrated for', () => {
    // From CI: slowdown 9.88 for 2,903 before the run, Lighthouse's own 1,294 just before the page load.
    expect(verdictOf(9.88, [2903, 1294, 2733])).toBe('over-throttled');
  });

  it('does not let a pass stand when the host was faster than calibrated for', () => {
    // From CI: slowdown 1.82 for 683 before, then 1,027 and 1,752.
    expect(verdictOf(1.82, [683, 1027, 1752])).toBe('under-throttled');
  });

  it('judges nothing from a host whose speed moved across the whole range, or a starved one', () => {
    expect(verdictOf(3, [400, 1300, 4000])).toBe('unsteady');
    expect(verdictOf(1, [120, 900, 900])).toBe('starved');
    expect(verdictOf(undefined, [900, 900, 900])).toBe('starved');
  });
});
