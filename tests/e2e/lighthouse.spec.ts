import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { createServer } from 'node:net';
import { chromiumPath } from '../../scripts/chromium';
import { authorPath } from '../../common/paths';
import { addressOf, expect, publishedArticleIn, test, type Api } from './fixtures';

/**
 * Lighthouse, a tool nobody here wrote, on every kind of reading page (issue 12 item 8, issue 11's
 * acceptance; ADR 028): SEO 100 and accessibility 100 on home, a category, a Hindi and an English
 * article, a static page, an author page and search (a results page is noindex on purpose: every
 * other SEO audit passes); mobile performance is measured and printed on every page (issue 11
 * names home, a category and a Hindi article: 98 or more, judged on a quiet machine). One run per page with Lighthouse's mobile defaults (a mid-range phone, simulated slow
 * 4G and a 4× slower CPU), in Debian's Chromium started here with a debugging port Lighthouse
 * connects to. A failure lists the failing audits with their items; every run prints its scores.
 */

interface PageUnderTest {
  name: string;
  address: (api: Api) => Promise<string>;
  performance?: true;
  /**
   * Kept out of search engines on purpose (`noindex`): Lighthouse's is-crawlable audit must
   * fail there, and every other SEO audit pass.
   */
  noindex?: true;
}

const PAGES: PageUnderTest[] = [
  { name: 'home', address: async () => '/', performance: true },
  { name: 'a category', address: async () => '/category/editors-choice', performance: true },
  {
    name: 'a Hindi article',
    address: async (api) => addressOf(await publishedArticleIn(api, 'hi')),
    performance: true,
  },
  {
    name: 'an English article',
    address: async (api) => addressOf(await publishedArticleIn(api, 'en')),
  },
  { name: 'a static page', address: async () => '/about-us' },
  { name: 'the search page', address: async () => '/search' },
  { name: 'search results', address: async () => '/search?q=sarkar', noindex: true },
];

/** A free local port for Chromium's remote debugging. */
function freePort(): Promise<number> {
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

/** One line per item of a failing audit: the element, link or resource it is about. */
function describeItem(item: Record<string, unknown>): string {
  const parts: string[] = [];
  const node = item.node as
    { selector?: string; snippet?: string; explanation?: string } | undefined;
  if (node) {
    parts.push(`${node.selector ?? ''} ${node.snippet ?? ''}`.trim());
    if (node.explanation) parts.push(node.explanation.replace(/\n/g, ' / '));
  }
  for (const key of ['href', 'text', 'url', 'source', 'label', 'description'] as const) {
    const value = item[key];
    if (typeof value === 'string' && value) parts.push(`${key}: ${value}`);
    else if (value && typeof value === 'object' && 'url' in value) {
      parts.push(`${key}: ${String((value as { url: unknown }).url)}`);
    }
  }
  for (const key of ['wastedMs', 'wastedBytes', 'totalBytes'] as const) {
    if (typeof item[key] === 'number') parts.push(`${key}: ${Math.round(item[key] as number)}`);
  }
  return parts.join(' | ') || JSON.stringify(item).slice(0, 300);
}

/** The audits of one category that cost it points, with their items, for a person to fix. */
function failingAudits(lhr: Result, category: string, except: string[] = []): string {
  const lines: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    if (except.includes(ref.id)) continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    // Performance also lists the diagnostics with savings, which explain a slow metric.
    if (
      ref.weight === 0 &&
      (category !== 'performance' || audit.scoreDisplayMode !== 'metricSavings')
    )
      continue;
    lines.push(
      `  ${audit.id} (score ${audit.score}, weight ${ref.weight}): ${audit.title}` +
        (audit.displayValue ? ` — ${audit.displayValue}` : ''),
    );
    const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
    for (const item of (Array.isArray(details?.items) ? details.items : []).slice(0, 8))
      lines.push(`      ${describeItem(item)}`);
  }
  return lines.join('\n');
}

/** The metrics the performance score is made of. */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

const score = (lhr: Result, category: string) => lhr.categories[category]?.score ?? 0;

test.describe('Lighthouse on the reading pages', () => {
  // One page after another in one worker (playwright.config.ts): runs in parallel would slow
  // each other's simulated phone down. Not `serial`: a failing page must not skip the others.
  // Lighthouse loads each page several times over a throttled connection.
  test.setTimeout(180_000);

  let browser: Browser;
  let port: number;

  test.beforeAll(async () => {
    port = await freePort();
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        `--remote-debugging-port=${port}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  /** Runs Lighthouse once on `url` and checks the scores `target` asks for. */
  async function audit(
    target: Omit<PageUnderTest, 'address'>,
    url: string,
    request: APIRequestContext,
  ) {
    // The page as readers get it: rendered once already, so it comes from the page cache (the
    // first render after the server starts is not what Lighthouse is asked to judge).
    expect((await request.get(url)).status(), url).toBe(200);
    const run = async () => {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      return result;
    };
    // On a starved machine Lighthouse sometimes loses its own trace (NO_NAVSTART): that run
    // measured nothing, and is made once more. Scores are never retried.
    let result = await run();
    if (result.lhr.runtimeError) result = await run();
    const { lhr } = result;
    expect(lhr.runtimeError, `Lighthouse could not load ${url}`).toBeUndefined();

    // Worth seeing when everything passes too: the machine's load changes the performance
    // score (Lighthouse's CPU benchmark: about 1000 or more on an idle desktop).
    const line =
      `${target.name} (${new URL(url).pathname}${new URL(url).search}): ` +
      `performance ${score(lhr, 'performance')}, SEO ${score(lhr, 'seo')}, ` +
      `accessibility ${score(lhr, 'accessibility')}; ` +
      METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`).join(', ') +
      `; host CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)}`;
    console.log(`Lighthouse: ${line}`);
    await test.info().attach('lighthouse.json', {
      body: result.report as string,
      contentType: 'application/json',
    });

    if (target.noindex) {
      expect.soft(lhr.audits['is-crawlable']?.score, `${url} says noindex`).toBe(0);
      const others = failingAudits(lhr, 'seo', ['is-crawlable']);
      expect.soft(others, `${line}\nSEO on ${url}:\n${others}`).toBe('');
    } else {
      expect
        .soft(score(lhr, 'seo'), `${line}\nSEO on ${url}:\n${failingAudits(lhr, 'seo')}`)
        .toBe(1);
    }
    expect
      .soft(
        score(lhr, 'accessibility'),
        `${line}\naccessibility on ${url}:\n${failingAudits(lhr, 'accessibility')}`,
      )
      .toBe(1);
    // Performance is measured and printed (and attached), not asserted in the gate: on a 2-core
    // machine that also runs the gate, Lighthouse's simulated 4× slower CPU multiplies whatever
    // else the host is doing, and the score moved from 0.98 to 0.47 between runs of the same
    // build (ADR 028). Issue 11's "98 or more" is judged from a quiet run of this spec.
    if (target.performance) expect(score(lhr, 'performance')).toBeGreaterThan(0);
  }

  for (const target of PAGES) {
    const asked = [
      target.noindex ? 'SEO 100 but for noindex' : 'SEO 100',
      'accessibility 100',
      ...(target.performance ? ['performance measured'] : []),
    ];
    test(`${target.name}: ${asked.join(', ')}`, async ({ api, request, baseURL }) => {
      await audit(target, new URL(await target.address(api), baseURL).href, request);
    });
  }

  test('an author page: SEO 100, accessibility 100', async ({ make, request, baseURL }) => {
    // The demo articles have no author: the administrator writes one, so the page lists it.
    const article = await make.article(await make.category());
    if (!article.author) throw new Error('an article written through the API has no author');
    await audit(
      { name: 'an author page' },
      new URL(authorPath(article.author.slug), baseURL).href,
      request,
    );
  });
});
