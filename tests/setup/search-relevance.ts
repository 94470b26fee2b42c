/*
 * The search relevance set (issue 27 item 3, docs/decisions/038): a corpus of short news
 * articles in Hindi and English (tests/fixtures/search-relevance/articles.json) and judged
 * queries, each with the articles a reader must find in the first ten results
 * (queries.json). What puts the corpus on a running site through its API, asks every query
 * through the public search API, and measures recall at 10 and mean reciprocal rank.
 *
 * Used by tests/integration/api/search-relevance.test.ts (which holds the thresholds) and by
 * `npm run bench` (bench/relevance.ts), which print the same figures.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../common/articles';
import articlesJson from '../fixtures/search-relevance/articles.json';
import queriesJson from '../fixtures/search-relevance/queries.json';

/** How readers type: Devanagari, Hindi in Latin letters, English, both at once, misspelt. */
export const RELEVANCE_GROUPS = ['hindi', 'latin', 'english', 'mixed', 'misspelled'] as const;
export type RelevanceGroup = (typeof RELEVANCE_GROUPS)[number];

/** Results judged: the first page a reader looks at. */
export const RELEVANCE_DEPTH = 10;

const RelevanceArticleSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  language: z.enum(LANGUAGES),
  section: z.string().min(1),
  /** Published this many days before the run (search's rank blends in recency). */
  daysAgo: z.number().int().min(0),
  title: z.string().min(1),
  keywords: z.string(),
  /** Paragraphs of plain text. */
  body: z.array(z.string().min(1)).min(1),
});
export type RelevanceArticle = z.infer<typeof RelevanceArticleSchema>;

const RelevanceQuerySchema = z.object({
  q: z.string().min(1),
  group: z.enum(RELEVANCE_GROUPS),
  /** The articles (keys) that must be among the first RELEVANCE_DEPTH results. */
  must: z.array(z.string()).min(1).max(RELEVANCE_DEPTH),
  /** The one article that must come first, where one is clearly the best answer. */
  first: z.string().optional(),
});
export type RelevanceQuery = z.infer<typeof RelevanceQuerySchema>;

export const relevanceArticles: RelevanceArticle[] = z
  .array(RelevanceArticleSchema)
  .parse(articlesJson);
export const relevanceQueries: RelevanceQuery[] = z.array(RelevanceQuerySchema).parse(queriesJson);

/** One JSON call to a running site: app.inject in the tests, fetch in the bench. */
export type ApiCall = (request: {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  token?: string;
}) => Promise<{ status: number; body: unknown }>;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function must<T>(what: string, status: number, answer: ReturnType<ApiCall>): Promise<T> {
  const got = await answer;
  if (got.status !== status)
    throw new Error(
      `relevance corpus: ${what} answered ${got.status}: ${JSON.stringify(got.body)}`,
    );
  return got.body as T;
}

/**
 * Publishes the corpus as an administrator (`token`) would: a category per section, each
 * article published `daysAgo` days before `now` (and a minute apart in the file's order, so no
 * two share a time and every run ranks alike), its slug made by the site from its title.
 * Answers each article's key by its id.
 */
export async function publishRelevanceCorpus(
  call: ApiCall,
  token: string,
  now: Date,
): Promise<Map<string, string>> {
  const categoryIds = new Map<string, string>();
  for (const section of new Set(relevanceArticles.map((a) => a.section))) {
    const name = `${section[0]!.toUpperCase()}${section.slice(1)}`;
    const category = await must<{ _id: string }>(
      `category ${section}`,
      201,
      call({
        method: 'POST',
        url: '/api/categories/addCategory',
        token,
        body: { name, description: `News: ${section}.`, isHome: false },
      }),
    );
    categoryIds.set(section, category._id);
  }
  const keys = new Map<string, string>();
  for (const [n, article] of relevanceArticles.entries()) {
    const publishedAt = new Date(now.getTime() - article.daysAgo * DAY_MS - n * MINUTE_MS);
    const created = await must<{ _id: string }>(
      `article ${article.key}`,
      201,
      call({
        method: 'POST',
        url: '/api/articles/article',
        token,
        body: {
          name: article.title,
          category: categoryIds.get(article.section),
          imageUrl: 'https://images.example.com/relevance.jpg',
          description: article.body.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
          metaTitle: article.title,
          metaDescription: article.body[0]!.slice(0, 150),
          metaKeywords: article.keywords,
          language: article.language,
          status: 'published',
          publishedAt: publishedAt.toISOString(),
        },
      }),
    );
    keys.set(created._id, article.key);
  }
  return keys;
}

/** What one query found: the keys of the first results, and how they score. */
export interface QueryOutcome {
  query: RelevanceQuery;
  /** The keys of the first RELEVANCE_DEPTH results, best first ('?' for another article). */
  found: string[];
  suggestion?: string | undefined;
  /** Share of `must` among the first RELEVANCE_DEPTH results. */
  recall: number;
  /** 1 / the rank of the first article of `must`; 0 when none is in the first results. */
  reciprocalRank: number;
  /** Whether `first` came first (undefined when the query names none). */
  bestFirst?: boolean | undefined;
}

export interface RelevanceFigures {
  queries: number;
  /** Mean over queries of the share of their must-find articles in the first ten results. */
  recallAt10: number;
  /** Mean over queries of 1 / rank of the first must-find article (0 past the tenth). */
  mrr: number;
  /** Of the queries that name a best article, the share where it came first. */
  bestFirst: number;
  bestFirstQueries: number;
}

export interface RelevanceReport {
  overall: RelevanceFigures;
  groups: Record<RelevanceGroup, RelevanceFigures>;
  outcomes: QueryOutcome[];
}

/** One search as a reader makes it: the ids of the first results, and any "Did you mean". */
export type RelevanceSearch = (q: string) => Promise<{ ids: string[]; suggestion?: string }>;

/** The public search API as the bench and the tests ask it (first page of RELEVANCE_DEPTH). */
export function apiSearch(call: ApiCall): RelevanceSearch {
  return async (q) => {
    const answer = await must<{ articles: { _id: string }[]; suggestion?: string }>(
      `search "${q}"`,
      200,
      call({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}&limit=${RELEVANCE_DEPTH}`,
      }),
    );
    return { ids: answer.articles.map((a) => a._id), suggestion: answer.suggestion };
  };
}

const mean = (values: number[]) =>
  values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;

function figures(outcomes: QueryOutcome[]): RelevanceFigures {
  const judgedFirst = outcomes.filter((o) => o.bestFirst !== undefined);
  return {
    queries: outcomes.length,
    recallAt10: mean(outcomes.map((o) => o.recall)),
    mrr: mean(outcomes.map((o) => o.reciprocalRank)),
    bestFirst: mean(judgedFirst.map((o) => (o.bestFirst ? 1 : 0))),
    bestFirstQueries: judgedFirst.length,
  };
}

/** Every judged query asked once, in order, and the figures overall and per group. */
export async function measureRelevance(
  search: RelevanceSearch,
  keyOf: Map<string, string>,
): Promise<RelevanceReport> {
  const outcomes: QueryOutcome[] = [];
  for (const query of relevanceQueries) {
    const { ids, suggestion } = await search(query.q);
    const found = ids.slice(0, RELEVANCE_DEPTH).map((id) => keyOf.get(id) ?? '?');
    const rank = found.findIndex((key) => query.must.includes(key)) + 1;
    outcomes.push({
      query,
      found,
      suggestion,
      recall: query.must.filter((key) => found.includes(key)).length / query.must.length,
      reciprocalRank: rank > 0 ? 1 / rank : 0,
      bestFirst: query.first === undefined ? undefined : found[0] === query.first,
    });
  }
  const groups = Object.fromEntries(
    RELEVANCE_GROUPS.map((g) => [g, figures(outcomes.filter((o) => o.query.group === g))]),
  ) as Record<RelevanceGroup, RelevanceFigures>;
  return { overall: figures(outcomes), groups, outcomes };
}

const three = (n: number) => n.toFixed(3);

/** The figures as lines to print: a table by group, then every query that missed something. */
export function relevanceLines(report: RelevanceReport): string[] {
  const row = (name: string, f: RelevanceFigures) =>
    `| ${name} | ${f.queries} | ${three(f.recallAt10)} | ${three(f.mrr)} | ${three(f.bestFirst)} (${f.bestFirstQueries}) |`;
  const misses = report.outcomes.filter(
    (o) => o.recall < 1 || o.reciprocalRank < 1 || o.bestFirst === false,
  );
  return [
    '| queries | n | recall@10 | MRR | best first (of) |',
    '| --- | --- | --- | --- | --- |',
    ...RELEVANCE_GROUPS.map((g) => row(g, report.groups[g])),
    row('all', report.overall),
    '',
    `Short of perfect (${misses.length} of ${report.outcomes.length}):`,
    ...misses.map((o) => {
      const missing = o.query.must.filter((key) => !o.found.includes(key));
      return [
        `- [${o.query.group}] "${o.query.q}": recall ${three(o.recall)}, RR ${three(o.reciprocalRank)}`,
        o.bestFirst === false ? `, first was ${o.found[0] ?? 'nothing'} not ${o.query.first}` : '',
        missing.length ? `; missing ${missing.join(', ')}` : '',
        o.suggestion ? `; "Did you mean" ${o.suggestion}` : '',
      ].join('');
    }),
  ];
}
