/*
 * Search relevance (issue 27 item 3, docs/decisions/038): the judged queries of
 * tests/fixtures/search-relevance over its corpus, published through the API and asked through
 * the public search API. Recall at 10 and mean reciprocal rank are printed, overall and per
 * group, and the test fails below the thresholds here, set a little under the first honest run
 * (the figures of each run are in docs/decisions/038; raise the thresholds when search gets
 * better, never lower them by dropping a hard query).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, auth } from '../../factories';
import {
  apiSearch,
  measureRelevance,
  publishRelevanceCorpus,
  relevanceArticles,
  relevanceLines,
  relevanceQueries,
  RELEVANCE_DEPTH,
  RELEVANCE_GROUPS,
  type ApiCall,
  type RelevanceGroup,
  type RelevanceReport,
} from '../../setup/search-relevance';
import { createTestApp, type TestApp } from '../../setup/test-app';

/**
 * The least each figure may be, overall and per group: a little under the first honest run
 * after the stemmer's fixes, raised with the Latin spellings of issue 45 (docs/decisions/038
 * has every run's figures, the same on PGlite and PostgreSQL). One more query missed in a group
 * of about 20-50 takes it under its line.
 */
const THRESHOLDS: Record<RelevanceGroup | 'all', { recallAt10: number; mrr: number }> = {
  all: { recallAt10: 0.93, mrr: 0.94 }, // measured 0.943, 0.952
  hindi: { recallAt10: 0.98, mrr: 0.98 }, // 1.000, 1.000
  latin: { recallAt10: 0.94, mrr: 0.92 }, // 0.959, 0.939
  english: { recallAt10: 0.95, mrr: 0.95 }, // 0.973, 0.973
  mixed: { recallAt10: 0.76, mrr: 0.85 }, // 0.785, 0.875
  misspelled: { recallAt10: 0.86, mrr: 0.89 }, // 0.891, 0.913
};
/** Of the queries that name a best article, the share where it must come first (0.955). */
const BEST_FIRST_THRESHOLD = 0.94;

let t: TestApp;
let report: RelevanceReport;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.app);
  const call: ApiCall = async ({ method, url, body, token }) => {
    const res = await t.app.inject({
      method,
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      ...(token ? { headers: auth(token) } : {}),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  const keys = await publishRelevanceCorpus(call, admin.token, new Date());
  report = await measureRelevance(apiSearch(call), keys);
  console.log(
    `search relevance (${process.env.TEST_ENGINE ?? 'pglite'}), ${relevanceQueries.length} queries over ${relevanceArticles.length} articles:\n${relevanceLines(report).join('\n')}`,
  );
}, 300_000);
afterAll(async () => t?.close());

describe('the relevance set', () => {
  it('has at least 100 judged queries in every group, each naming articles of the corpus', () => {
    expect(relevanceQueries.length).toBeGreaterThanOrEqual(100);
    const keys = new Set(relevanceArticles.map((a) => a.key));
    expect(keys.size).toBe(relevanceArticles.length);
    for (const group of RELEVANCE_GROUPS)
      expect(relevanceQueries.filter((q) => q.group === group).length, group).toBeGreaterThan(15);
    for (const q of relevanceQueries) {
      for (const key of q.must) expect(keys.has(key), `${q.q}: ${key}`).toBe(true);
      if (q.first) expect(q.must, q.q).toContain(q.first);
      expect(q.must.length, q.q).toBeLessThanOrEqual(RELEVANCE_DEPTH);
    }
  });
});

describe('search relevance', () => {
  it('finds what each query must find, overall and in each group, above the thresholds', () => {
    const figures = { all: report.overall, ...report.groups };
    for (const [name, least] of Object.entries(THRESHOLDS)) {
      const measured = figures[name as keyof typeof figures];
      expect(measured.recallAt10, `${name} recall@10`).toBeGreaterThanOrEqual(least.recallAt10);
      expect(measured.mrr, `${name} MRR`).toBeGreaterThanOrEqual(least.mrr);
    }
    expect(report.overall.bestFirst, 'best first').toBeGreaterThanOrEqual(BEST_FIRST_THRESHOLD);
  });
});
