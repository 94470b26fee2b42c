import { data } from 'react-router';
import { FollowButton } from '../../components/reader-buttons';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { tagSlugPath } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { detectLanguage } from '../../../common/text';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { CardList } from '../../components/card-list';
import { PageNav } from '../../components/page-nav';
import { pageParam } from '../../features/api/page-param';
import { interfaceFor, useInterface } from '../../copy/language';
import { listLinks, pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, collectionPage, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/tag';

/** A tag's page (issue 26 item 5): its published stories, newest first, paged, with a feed. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const tag = await services.articles.tagBySlug(params.slug);
  if (!tag) throw data(null, { status: 404, statusText: 'Not Found' });
  const page = pageParam(new URL(request.url));
  const settings = await services.settings.get();
  const [list, share] = await Promise.all([
    services.articles.tagPage(tag._id, page, CATEGORY_PAGE_SIZE),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  // A page past the end does not exist (a tag whose stories are all drafts still has page 1).
  if (page > Math.max(1, list.totalPages))
    throw data(null, { status: 404, statusText: 'Not Found' });
  // A tag's name never changes: its list is all this page shows of it.
  keep(CacheTags.tagList(tag._id), ...cardTags(list.articles));
  return { tag, ...list, settings, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { tag, articles, settings, publicUrl, currentPage, totalPages, share } = loaderData;
  const base = `${publicUrl}${tagSlugPath(tag.slug)}`;
  const { t } = interfaceFor(settings.uiLanguage);
  const url = currentPage > 1 ? `${base}?page=${currentPage}` : base;
  const ofPage = (text: string) =>
    currentPage > 1 ? `${text} (${t.category.pageOf(currentPage, totalPages)})` : text;
  const title = t.tag.title(tag.name);
  const description = t.tag.description(tag.name, settings.siteName);
  return [
    ...pageMeta({
      settings,
      title: ofPage(title),
      description: ofPage(description),
      url,
      image: share,
    }),
    jsonLd(collectionPage({ collection: { name: title, description }, url, articles, publicUrl })),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: t.nav.home, path: '/' },
        { name: title, path: tagSlugPath(tag.slug) },
      ]),
    ),
    ...listLinks({
      base,
      page: currentPage,
      pages: totalPages,
      title,
    }),
  ];
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles, currentPage, totalPages } = loaderData;
  const { t, lang } = useInterface();
  const path = tagSlugPath(tag.slug);
  const pageHref = (n: number) => (n === 1 ? path : `${path}?page=${n}`);
  return (
    <main id="main" className="container py-4">
      <h1 lang={lang}>
        {t.tag.prefix}
        <span lang={detectLanguage(tag.name)}>{tag.name}</span>
      </h1>
      <FollowButton kind="tag" target={tag.slug} />
      <CardList articles={articles} empty={t.tag.empty} lang={lang} headingLevel={2} />
      <PageNav currentPage={currentPage} totalPages={totalPages} href={pageHref} />
    </main>
  );
}
