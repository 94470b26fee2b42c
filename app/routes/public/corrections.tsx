import { data } from 'react-router';
import { PAGE_SEGMENTS } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { CacheTags } from '../../../common/cache-tags';
import { PageNav } from '../../components/page-nav';
import { pageParam } from '../../features/api/page-param';
import { formatDate, interfaceFor, useInterface } from '../../copy/language';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/corrections';

const PATH = `/${PAGE_SEGMENTS.corrections}`;

/**
 * Every correction on the record (issue 43 item 3), newest first, each with its story's title
 * and link. Kept like other lists: a new correction (its `corrections` tag) or a change to a
 * story it names (the story's tag: a new title, or gone from readers) refreshes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const page = pageParam(new URL(request.url));
  const settings = await services.settings.get();
  const [list, share] = await Promise.all([
    services.articles.correctionsPage(page),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  if (page > list.totalPages) throw data(null, { status: 404, statusText: 'Not Found' });
  keep(CacheTags.corrections, ...list.corrections.map((c) => CacheTags.article(c.article._id)));
  return { ...list, settings, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, currentPage, totalPages, share } = loaderData;
  const { t } = interfaceFor(settings.uiLanguage);
  const base = `${publicUrl}${PATH}`;
  const ofPage = (text: string) =>
    currentPage > 1 ? `${text} (${t.category.pageOf(currentPage, totalPages)})` : text;
  return [
    ...pageMeta({
      settings,
      title: ofPage(t.corrections.title),
      description: ofPage(t.corrections.intro),
      url: currentPage > 1 ? `${base}?page=${currentPage}` : base,
      image: share,
    }),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: t.nav.home, path: '/' },
        { name: t.corrections.title, path: PATH },
      ]),
    ),
  ];
};

export default function CorrectionsPage({ loaderData }: Route.ComponentProps) {
  const { corrections, currentPage, totalPages } = loaderData;
  const { t, lang, locale } = useInterface();
  return (
    <main id="main" className="container py-4" lang={lang}>
      <h1>{t.corrections.title}</h1>
      <p className="text-body-secondary">{t.corrections.intro}</p>
      {corrections.length === 0 ? (
        <p>{t.corrections.none}</p>
      ) : (
        <ol className="list-unstyled">
          {corrections.map((c) => (
            <li key={`${c.article._id}${c.correctedAt}`} className="mb-3">
              <h2 className="h5 mb-1">
                <a href={c.article.path} lang={c.article.language}>
                  {c.article.name}
                </a>
              </h2>
              <p className="mb-0">
                <strong>{t.corrections.correctedOn(formatDate(c.correctedAt, locale))}</strong>{' '}
                <span lang={c.article.language}>{c.note}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <PageNav
        currentPage={currentPage}
        totalPages={totalPages}
        href={(n) => (n === 1 ? PATH : `${PATH}?page=${n}`)}
      />
    </main>
  );
}
