/*
 * Lighthouse's mobile performance on home, a category and a Hindi article (issue 11's
 * acceptance: 98 or more), the way tests/e2e/lighthouse.spec.ts measures it: Debian's Chromium,
 * Lighthouse's mobile defaults, the CPU slowdown calibrated to the host's benchmark by
 * Lighthouse's own calculator, judged by the median of three runs whose calibration held
 * (scripts/lighthouse.ts, docs/decisions/028). `npm run bench` prints it at the end; on its own,
 * against a running server: `node --import tsx bench/lighthouse.ts http://127.0.0.1:3000`.
 */
import { articlePath, categoryPath } from '../common/paths';
import {
  calibratedRun,
  describeCalibration,
  judgedPerformance,
  launchForLighthouse,
  performanceOf,
  PERFORMANCE_TARGET,
} from '../scripts/lighthouse';

interface CardLike {
  slug: string;
  language: string;
  category: { slug: string } | null;
}

/** Home, the first category with articles, and a Hindi article in it (through the public API). */
async function pagesOf(baseUrl: string): Promise<[string, string][]> {
  const json = async <T>(path: string) => {
    const res = await fetch(new URL(path, baseUrl));
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  const pages: [string, string][] = [['home', '/']];
  for (const category of await json<{ _id: string; slug: string }[]>('/api/categories')) {
    const { articles } = await json<{ articles: CardLike[] }>(
      `/api/articles/category-detail?categoryId=${category._id}&page=1&limit=9`,
    );
    const hindi = articles.find((a) => a.language === 'hi');
    if (!hindi) continue;
    pages.push(['category', categoryPath(category.slug)], ['Hindi article', articlePath(hindi)]);
    return pages;
  }
  throw new Error('no category with a Hindi article');
}

export interface LighthouseRow {
  page: string;
  path: string;
  performance: number | null;
  judged: boolean;
  /** Every run's score, in order: the median of the judged ones is `performance`. */
  runs: string;
  calibration: string;
}

/** Runs Lighthouse on the three pages of `baseUrl`, prints a table and answers the rows. */
export async function lighthouseScores(baseUrl: string): Promise<LighthouseRow[]> {
  const pages = await pagesOf(baseUrl);
  const { browser, port, benchmarkTab } = await launchForLighthouse();
  const rows: LighthouseRow[] = [];
  try {
    for (const [page, path] of pages) {
      const url = new URL(path, baseUrl).href;
      await fetch(url); // rendered once: Lighthouse judges the page as readers get it, cached
      const { runs, median } = await judgedPerformance(() =>
        calibratedRun(url, { port, benchmarkTab }, { onlyCategories: ['performance'] }),
      );
      const shown = median ?? runs.at(-1)!;
      rows.push({
        page,
        path,
        performance: performanceOf(shown),
        judged: median !== undefined,
        runs: runs.map((r) => performanceOf(r) ?? '-').join(' '),
        calibration: describeCalibration(shown),
      });
    }
  } finally {
    await browser.close();
  }
  console.log(`bench: Lighthouse mobile performance (issue 11 asks ${PERFORMANCE_TARGET} or more)`);
  console.table(rows);
  return rows;
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  const rows = await lighthouseScores(process.argv[2] ?? 'http://127.0.0.1:3000');
  const low = rows.filter((r) => r.judged && (r.performance ?? 0) < PERFORMANCE_TARGET);
  process.exitCode = low.length > 0 ? 1 : 0;
}
