import { chromium, type Browser, type Page } from '@playwright/test';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { createServer } from 'node:net';
import { BROWSER_ARGS, chromiumPath } from './chromium';

/**
 * Lighthouse's mobile performance score, calibrated to the host it runs on (docs/decisions/028),
 * for the browser tests (tests/e2e/lighthouse.spec.ts) and `npm run bench` (bench/lighthouse.ts).
 *
 * Lighthouse simulates a mid-range phone from what it observed: main-thread time is multiplied by
 * `throttling.cpuSlowdownMultiplier`, 4 by default, a factor meant for a desktop whose CPU
 * benchmark is about 1500. Lighthouse's own guidance (docs/throttling.md, "Calibrating the CPU
 * slowdown") is to set the multiplier from the host's benchmark with its calculator, as
 * PageSpeed Insights does on its own servers (lighthouse/core/config/lr-mobile-config.js: 1.2).
 * The benchmark is taken just before the run and again after it; a run whose multiplier the
 * host's speed during the run does not bear out does not count (`judged`), and a page is judged
 * by the median of three runs that count (`judgedPerformance`).
 */

/** What issue 11 asks of home, a category and a Hindi article. */
export const PERFORMANCE_TARGET = 0.98;

/** A free local port for Chromium's remote debugging. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Debian's Chromium with a remote debugging port Lighthouse connects to (no chrome-launcher, no
 * downloaded browser), with the flags of playwright.config.ts for the closed network, and a tab
 * of its own to benchmark the host in.
 */
export async function launchForLighthouse(): Promise<{
  browser: Browser;
  port: number;
  benchmarkTab: Page;
}> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [`--remote-debugging-port=${port}`, ...BROWSER_ARGS],
  });
  return { browser, port, benchmarkTab: await browser.newPage() };
}

/** Lighthouse's own CPU benchmark (the one in `lhr.environment.benchmarkIndex`), in `tab`. */
export async function hostBenchmark(tab: Page): Promise<number> {
  return (await tab.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number;
}

export interface Calibration {
  multiplier: number;
  /** The calculator's confidence range around it. */
  range: [number, number];
}

/**
 * Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator, linked from
 * Lighthouse's docs/throttling.md and lr-mobile-config.js): the slowdown that makes a host of this
 * benchmark the phone Lighthouse means, with its confidence range. Undefined below 150, where the
 * calculator says the host is too slow to stand for the phone at all.
 */
export function cpuSlowdownFor(benchmarkIndex: number): Calibration | undefined {
  const around = (multiplier: number, width: number): Calibration => ({
    multiplier,
    range: [multiplier - width / 2, multiplier + width / 2],
  });
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return undefined;
  if (benchmarkIndex >= 1300) {
    const excess = (benchmarkIndex - 1300) / 233;
    const multiplier = 3 + excess;
    return around(multiplier, Math.max(excess, 1.5, multiplier * 0.3));
  }
  if (benchmarkIndex >= 800) return around(2 + (benchmarkIndex - 800) / 500, 1.5);
  return around(1 + (benchmarkIndex - 150) / 650, 0.5);
}

/**
 * Whether a run's performance score can be judged. The host's speed moves under a run (CI's
 * machines gave benchmarks of 683 and 2,903 in one run of the gate, and Lighthouse's own,
 * taken just before its page load, was often half of those around it), so the run is judged
 * against the slowest and the fastest of three benchmarks: before it, Lighthouse's own, after it.
 * - `calibrated`: the multiplier used is in the calculator's range for both: judged.
 * - `over-throttled`: at some point the host was slower than calibrated for, so the score is
 *   pessimistic: a pass stands, a failure does not.
 * - `under-throttled`: the host was faster than calibrated for, the score optimistic: a
 *   failure stands, a pass does not.
 * - `unsteady`: both at once (the host's speed moved across the whole range): nothing stands.
 * - `starved`: a benchmark under 150, which the calculator cannot calibrate: nothing stands.
 */
export type Verdict = 'calibrated' | 'over-throttled' | 'under-throttled' | 'unsteady' | 'starved';

export function verdictOf(used: number | undefined, benchmarks: number[]): Verdict {
  const sorted = [...benchmarks].sort((a, b) => a - b);
  const slowest = cpuSlowdownFor(sorted[0] ?? NaN);
  const fastest = cpuSlowdownFor(sorted.at(-1) ?? NaN);
  if (used === undefined || !slowest || !fastest) return 'starved';
  const over = used > slowest.range[1];
  const under = used < fastest.range[0];
  if (over && under) return 'unsteady';
  if (over) return 'over-throttled';
  if (under) return 'under-throttled';
  return 'calibrated';
}

/** Whether a score under this verdict says something about the page, not the host. */
export function stands(verdict: Verdict, score: number, target = PERFORMANCE_TARGET): boolean {
  if (verdict === 'calibrated') return true;
  if (verdict === 'over-throttled') return score >= target;
  if (verdict === 'under-throttled') return score < target;
  return false;
}

export interface CalibratedRun {
  result: RunnerResult;
  multiplier: number | undefined;
  /** Before the run, Lighthouse's own, after the run. */
  benchmarks: [number, number, number];
  verdict: Verdict;
}

/**
 * One Lighthouse run on `url` (mobile defaults: a mid-range phone on slow 4G) with the CPU
 * slowdown calibrated to the host's benchmark just before it. A run that lost its own trace on
 * a starved host (a runtime error such as NO_NAVSTART) is made once more: it measured nothing.
 */
export async function calibratedRun(
  url: string,
  { port, benchmarkTab }: { port: number; benchmarkTab: Page },
  flags: Flags = {},
): Promise<CalibratedRun> {
  const once = async () => {
    const before = await hostBenchmark(benchmarkTab);
    const multiplier = cpuSlowdownFor(before)?.multiplier;
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      ...flags,
      throttling: {
        ...constants.throttling.mobileSlow4G,
        // A starved host (below the calculator's floor) runs unthrottled; its verdict says so.
        cpuSlowdownMultiplier: multiplier ?? 1,
      },
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const after = await hostBenchmark(benchmarkTab);
    const benchmarks: [number, number, number] = [
      before,
      result.lhr.environment.benchmarkIndex,
      after,
    ];
    return { result, multiplier, benchmarks, verdict: verdictOf(multiplier, benchmarks) };
  };
  const first = await once();
  return first.result.lhr.runtimeError ? once() : first;
}

/** One line about a run's calibration, printed next to its scores. */
export function describeCalibration(run: CalibratedRun): string {
  const [before, during, after] = run.benchmarks.map(Math.round);
  return (
    `CPU slowdown ${run.multiplier?.toFixed(2) ?? 'none'} for host benchmark ${before} ` +
    `(Lighthouse's ${during}, after ${after}): ${run.verdict}`
  );
}

/** A run's performance score, null when it has none (a run that could not load the page). */
export const performanceOf = (run: CalibratedRun): number | null =>
  run.result.lhr.categories.performance?.score ?? null;

/** Whether a run's performance score says something about the page rather than the host. */
export const judged = (run: CalibratedRun): boolean =>
  !run.result.lhr.runtimeError && stands(run.verdict, performanceOf(run) ?? 0);

/** At most this many runs of one page, for three whose score can be judged. */
export const MAX_RUNS = 5;

/**
 * The run a page's performance is judged by, when the runs so far decide it: the median of
 * three judged runs, as Lighthouse's docs/variability.md says to judge a page (one run of the
 * same build varied from 0.96 to 1 on the EPYC host, its blocking time from 30 to 200 ms). Two
 * judged runs that agree about the target decide it already: a third cannot move the median
 * across it, and the one of them nearer the target is answered (the lower of two passes, the
 * higher of two failures). Undefined while more runs are needed; `exhausted` (no more runs to
 * come) answers a lone judged run, as a single run was judged before, or undefined when none
 * could be judged or two disagree.
 */
export function medianRun(runs: CalibratedRun[], exhausted = false): CalibratedRun | undefined {
  const counted = runs.filter(judged);
  const passes = counted.map((r) => (performanceOf(r) ?? 0) >= PERFORMANCE_TARGET);
  const decided =
    counted.length >= 3 ||
    (counted.length === 2 && passes[0] === passes[1]) ||
    (exhausted && counted.length === 1);
  if (!decided) return undefined;
  const byScore = [...counted].sort((a, b) => (performanceOf(a) ?? 0) - (performanceOf(b) ?? 0));
  if (byScore.length === 2) return passes[0] ? byScore[0] : byScore[1];
  return byScore[Math.floor(byScore.length / 2)];
}

/**
 * Runs `run` (a calibrated Lighthouse run of one page) until the runs decide the page's
 * performance (`medianRun`) or MAX_RUNS were made; `first` is a run made already.
 */
export async function judgedPerformance(
  run: () => Promise<CalibratedRun>,
  first?: CalibratedRun,
): Promise<{ runs: CalibratedRun[]; median: CalibratedRun | undefined }> {
  const runs = [first ?? (await run())];
  while (!medianRun(runs) && runs.length < MAX_RUNS) runs.push(await run());
  return { runs, median: medianRun(runs, true) };
}
