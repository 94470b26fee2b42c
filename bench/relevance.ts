/*
 * The search relevance target of `npm run bench` (issue 27 item 3, docs/decisions/038): the
 * judged queries of tests/fixtures/search-relevance over its corpus, on a fresh embedded site of
 * their own (the bench's generated articles would answer the queries too, and the corpus would
 * stay in a reused database), published through the API and asked through the public search API,
 * as tests/integration/api/search-relevance.test.ts does. Printed: recall at 10 and mean
 * reciprocal rank, overall and per group, beside the search timings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from '../tests/setup/spawn-server';
import {
  apiSearch,
  measureRelevance,
  publishRelevanceCorpus,
  relevanceArticles,
  relevanceLines,
  relevanceQueries,
  RELEVANCE_DEPTH,
  type ApiCall,
} from '../tests/setup/search-relevance';

/** The corpus published, every query asked once: the figures and the lines to print. */
export async function relevanceScenario() {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-relevance-'));
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: '0', API_RATE_LIMIT: '0', PORT: String(await freePort()) },
    { timeoutMs: 180_000 },
  );
  try {
    const call: ApiCall = async ({ method, url, body, token }) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    };
    // The first account of a fresh site is its administrator.
    const admin = (await call({
      method: 'POST',
      url: '/api/users/signup',
      body: {
        name: 'Relevance desk',
        email: 'relevance@bench.invalid',
        password: 'relevance-bench-password',
      },
    })) as { status: number; body: { token: string } };
    if (admin.status !== 201) throw new Error(`bench: sign-up answered ${admin.status}`);
    const keys = await publishRelevanceCorpus(call, admin.body.token, new Date());
    const report = await measureRelevance(apiSearch(call), keys);
    const heading = `Search relevance: ${relevanceQueries.length} judged queries over ${relevanceArticles.length} articles (tests/fixtures/search-relevance), first ${RELEVANCE_DEPTH} results of the search API, embedded PGlite.`;
    return { report, lines: [heading, '', ...relevanceLines(report)] };
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
