import { data } from 'react-router';
import { FollowButton } from '../../components/reader-buttons';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { tagSlugPath } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { detectLanguage } from '../../../common/text';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { CardList } from '../../components/card-list';
import { ListNav } from '../../components/list-nav';
import {
  ensureListPage,
  hereOf,
  listAtOrNotFound,
  listHref,
  pageSuffix,
  readingListLinks,
} from '../../features/lists/reading-list';
import { interfaceFor, useInterface } from '../../copy/language';
import { cardTexts, devanagariPreload } from '../../features/seo/font-preload';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, collectionPage, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/tag';

/** A tag's page (issue 26 item 5): its published stories, newest first, paged, with a feed. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const tag = await services.articles.tagBySlug(params.slug);
  if (!tag) throw data(null, { status: 404, statusText: 'Not Found' });
  const at = listAtOrNotFound(request);
  const settings = await services.settings.get();
  const [list, share] = await Promise.all([
    services.articles.tagList(tag._id, at, CATEGORY_PAGE_SIZE),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  // A page past the end does not exist (a tag whose stories are all drafts still has page 1).
  ensureListPage(list, tagSlugPath(tag.slug));
  // A tag's name never changes: its list is all this page shows of it.
  keep(CacheTags.tagList(tag._id), ...cardTags(list.articles));
  return { tag, list, here: hereOf(list, at), settings, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { tag, list, here, settings, publicUrl, share } = loaderData;
  const { articles } = list;
  const base = `${publicUrl}${tagSlugPath(tag.slug)}`;
  const shown = interfaceFor(settings.uiLanguage);
  const { t } = shown;
  const url = listHref(base, here);
  const suffix = pageSuffix(list, shown);
  const ofPage = (text: string) => (suffix ? `${text} (${suffix})` : text);
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
    // Hindi stories on a page written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(settings.uiLanguage, [tag.name, ...cardTexts(articles)]),
    ...readingListLinks({ base, list, title }),
  ];
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list } = loaderData;
  const { t, lang } = useInterface();
  const path = tagSlugPath(tag.slug);
  return (
    <main id="main" className="container py-4">
      <h1 lang={lang}>
        {t.tag.prefix}
        <span lang={detectLanguage(tag.name)}>{tag.name}</span>
      </h1>
      <FollowButton kind="tag" target={tag.slug} />
      <CardList articles={list.articles} empty={t.tag.empty} lang={lang} headingLevel={2} />
      <ListNav list={list} path={path} />
    </main>
  );
}
