import { data, redirect } from 'react-router';
import { CARD_EXCERPT_LENGTH, CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { appContext, isNotFound } from '../../../common/services';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { ArticleCard } from '../../components/article-card';
import { PageNav } from '../../components/page-nav';
import { pageParam } from '../../features/api/page-param';
import { interfaceFor, useInterface } from '../../copy/language';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import {
  breadcrumbs,
  categoryTrail,
  collectionPage,
  jsonLd,
} from '../../features/seo/structured-data';
import type { Route } from './+types/category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  let category;
  try {
    category = await services.categories.bySlug(params.slug);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // A renamed category keeps its old address as a permanent redirect (DECISIONS.md §5).
    const current = await services.categories.currentSlugFor(params.slug);
    if (current) throw redirect(`/category/${current}${new URL(request.url).search}`, 301);
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  const page = pageParam(new URL(request.url));
  const settings = await services.settings.get();
  const [list, share] = await Promise.all([
    services.articles.categoryPage(category._id, page, CATEGORY_PAGE_SIZE),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  // A page past the end does not exist (an empty category still has its page 1).
  if (page > Math.max(1, list.totalPages))
    throw data(null, { status: 404, statusText: 'Not Found' });
  keep(CacheTags.category(category._id), CacheTags.categoryList(category._id));
  keep(...cardTags(list.articles));
  return { category, ...list, settings, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, articles, settings, publicUrl, currentPage, totalPages, share } = loaderData;
  const base = `${publicUrl}/category/${category.slug}`;
  const { t } = interfaceFor(settings.uiLanguage);
  const url = currentPage > 1 ? `${base}?page=${currentPage}` : base;
  // Page 2 and later are pages of their own to a search engine: their own title and description.
  const ofPage = (text: string) =>
    currentPage > 1 ? `${text} (${t.category.pageOf(currentPage, totalPages)})` : text;
  return [
    ...pageMeta({
      settings,
      title: ofPage(category.name),
      description: ofPage(category.description || category.name),
      url,
      image: share,
    }),
    jsonLd(collectionPage({ collection: category, url, articles, publicUrl })),
    jsonLd(breadcrumbs(publicUrl, categoryTrail(t.nav.home, category))),
    ...(currentPage > 1
      ? [
          {
            tagName: 'link',
            rel: 'prev',
            href: currentPage === 2 ? base : `${base}?page=${currentPage - 1}`,
          },
        ]
      : []),
    ...(currentPage < totalPages
      ? [{ tagName: 'link', rel: 'next', href: `${base}?page=${currentPage + 1}` }]
      : []),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      href: `${base}/feed.xml`,
      title: category.name,
    },
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, articles, currentPage, totalPages } = loaderData;
  const { t, lang } = useInterface();
  const pageHref = (n: number) =>
    n === 1 ? `/category/${category.slug}` : `/category/${category.slug}?page=${n}`;
  return (
    <main id="main" className="container py-4">
      <h1>{category.name}</h1>
      <p className="lead">{category.description}</p>
      {articles.length === 0 ? (
        <p lang={lang}>{t.category.empty}</p>
      ) : (
        <div className="row g-4">
          {articles.map((a, i) => (
            <div key={a._id} className="col-12 col-md-6 col-lg-4">
              <ArticleCard
                article={a}
                length={CARD_EXCERPT_LENGTH}
                eager={i < 3}
                priority={i === 0}
                headingLevel={2}
              />
            </div>
          ))}
        </div>
      )}
      <PageNav currentPage={currentPage} totalPages={totalPages} href={pageHref} />
    </main>
  );
}
