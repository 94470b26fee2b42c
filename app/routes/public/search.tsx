import { data } from 'react-router';
import { PageLink } from '../../components/page-link';
import { SEARCH_QUERY_MAX } from '../../../common/articles';
import { PAGE_SEGMENTS } from '../../../common/paths';
import { SEARCH_PAGE_SIZE, SearchQuerySchema } from '../../../common/schemas/search';

import { appContext } from '../../../common/services';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { CardList } from '../../components/card-list';
import { PageNav } from '../../components/page-nav';
import { pageParam } from '../../features/api/page-param';
import { interfaceFor, useInterface } from '../../copy/language';
import { devanagariPreload } from '../../features/seo/font-preload';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import type { Route } from './+types/search';
import { EpaperHits } from '../../components/epaper-hits';

const PATH = `/${PAGE_SEGMENTS.search}`;
/** E-paper pages shown above the stories a query finds. */
const EPAPER_HITS = 5;

const searchHref = (q: string, page = 1) =>
  `${PATH}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`;

/**
 * The page's query as GET /api/search reads it (the same schema, so the page and the API ask
 * the search service the same thing): trimmed, at least a character, at most
 * SEARCH_QUERY_MAX. The page reads `q` and `page` only (common/paths.ts PAGE_QUERY_KEYS, what
 * its kept answers are keyed by); a page number that is not one reads as the first page, as on
 * every list page.
 */
const PageQuerySchema = SearchQuerySchema.pick({ q: true });

/**
 * /search?q=…&page=N (issue 10): rendered on the server for a plain GET form, so it works
 * without JavaScript. Result pages are never indexed: they are not pages of their own. The
 * page without a query (the search form) is (Lighthouse SEO, issue 12 item 8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const url = new URL(request.url);
  const typed = url.searchParams.get('q') ?? '';
  const parsed = PageQuerySchema.safeParse({ q: typed });
  const page = pageParam(url);
  const settings = await services.settings.get();
  const share = await shareImage({ services, publicUrl, mediaBase }, settings);
  if (!parsed.success) {
    const base = { q: typed.trim(), settings, publicUrl, page, share };
    if (!parsed.error.issues.some((issue) => issue.code === 'too_big'))
      return { ...base, state: 'prompt' as const, result: null, epaper: [] };
    return data({ ...base, state: 'too-long' as const, result: null, epaper: [] }, { status: 400 });
  }
  const { q } = parsed.data;
  const base = { q, settings, publicUrl, page, share };
  const [result, epaper] = await Promise.all([
    services.search.search({ q, page, limit: SEARCH_PAGE_SIZE }),
    // The e-paper's pages the query finds, on the first page of results (issue 67 item 4).
    page === 1 ? services.epaper.search({ q, limit: EPAPER_HITS }) : [],
  ]);
  // Any public article's words may change what a query finds.
  keep(CacheTags.search, ...cardTags(result.articles));
  if (page > Math.max(1, result.totalPages))
    throw data(null, { status: 404, statusText: 'Not Found' });
  return { ...base, state: 'results' as const, result, epaper };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { q, settings, publicUrl, page, share } = loaderData;
  const { t } = interfaceFor(settings.uiLanguage);
  const title = q ? t.search.titleFor(q) : t.search.title;
  return [
    ...pageMeta({
      settings,
      image: share,
      title:
        page > 1
          ? `${title} (${t.category.pageOf(page, loaderData.result?.totalPages ?? page)})`
          : title,
      description: t.search.description(settings.siteName),
      url: `${publicUrl}${q ? searchHref(q, page) : PATH}`,
    }),
    // Result pages are not pages of their own; the search page itself (the form) is.
    ...(q ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    // Hindi results on a page written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(
      settings.uiLanguage,
      (loaderData.result?.articles ?? []).map((a) => a.name),
    ),
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, state, result, epaper } = loaderData;
  const { t: all, lang } = useInterface();
  const t = all.search;
  // The query the listed results are of: the suggestion's when the query found none.
  const resultsOf = result?.resultsForSuggestion && result.suggestion ? result.suggestion : q;
  // The page speaks the interface language; the query and the results keep their own.
  return (
    <main id="main" className="container py-4" lang={lang}>
      <h1>{q ? t.resultsFor(q) : t.heading}</h1>
      <form role="search" method="get" action={PATH} className="d-flex gap-2 my-3 search-again">
        <input
          type="search"
          name="q"
          defaultValue={q}
          required
          maxLength={SEARCH_QUERY_MAX}
          className="form-control"
          aria-label={all.nav.searchLabel}
        />
        <button type="submit" className="btn btn-primary">
          {all.nav.search}
        </button>
      </form>
      {state === 'prompt' && <p>{t.prompt}</p>}
      {state === 'too-long' && (
        <p className="text-danger" role="alert">
          {t.tooLong(SEARCH_QUERY_MAX)}
        </p>
      )}
      {/* Shown in place of nothing found; beside the query's own results, only offered. */}
      {result && result.suggestion && (
        <p className="lead">
          {t.didYouMean}{' '}
          <PageLink to={searchHref(result.suggestion)}>
            <strong>{result.suggestion}</strong>
          </PageLink>
          ?{result.resultsForSuggestion && ` ${t.showingIts}`}
        </p>
      )}
      <EpaperHits hits={epaper} />
      {result && result.totalArticles === 0 && epaper.length === 0 && (
        <section aria-labelledby="no-results">
          <p id="no-results" className="lead">
            {t.none(q)}
          </p>
          <h2 className="h5">{t.tipsHeading}</h2>
          <ul>
            {t.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      )}
      {result && result.totalArticles > 0 && (
        <>
          <p>{t.found(result.totalArticles, result.totalCapped === true)}</p>
          <CardList articles={result.articles} lang={lang} headingLevel={2} />
          <PageNav
            currentPage={result.currentPage}
            totalPages={result.totalPages}
            href={(n) => searchHref(resultsOf, n)}
          />
        </>
      )}
    </main>
  );
}
