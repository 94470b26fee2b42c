import { data, redirect } from 'react-router';
import { FollowButton } from '../../components/reader-buttons';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { shownCategoryName } from '../../../common/category-names';
import { categoryPath } from '../../../common/paths';
import type { Category } from '../../../common/schemas/categories';
import { appContext } from '../../../common/services';
import type { UiLanguage } from '../../../common/settings';
import { detectLanguage } from '../../../common/text';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { CardList } from '../../components/card-list';
import { AdSlots, AdsArea } from '../../components/ad-slot';
import { adsHiddenFor, pageAds } from '../../features/ads/ad-markup';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageLink } from '../../components/page-link';
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
import {
  breadcrumbs,
  categoryTrail,
  collectionPage,
  jsonLd,
} from '../../features/seo/structured-data';
import type { Route } from './+types/category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase, accessClass } = context.get(appContext);
  const family = await services.categories.familyBySlug(params.slug);
  if (!family) {
    // A renamed category keeps its old address as a permanent redirect (DECISIONS.md §5).
    const current = await services.categories.currentSlugFor(params.slug);
    if (current) throw redirect(`/category/${current}${new URL(request.url).search}`, 301);
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  const { category, parent, children } = family;
  const at = listAtOrNotFound(request);
  const settings = await services.settings.get();
  // A section's page lists its own articles and those of the categories inside it (issue 26
  // item 6): a city's story shows on its state's page.
  const members = [category, ...children].map((c) => c._id);
  const [list, share] = await Promise.all([
    services.articles.categoryList(members, at, CATEGORY_PAGE_SIZE),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  // A page past the end does not exist (an empty category still has its page 1); an older
  // deep address moves to its key (docs/decisions/069).
  ensureListPage(list, categoryPath(category.slug));
  // Its name, its parent's (the breadcrumb), its children's (their links) and every list shown.
  keep(...members.flatMap((id) => [CacheTags.category(id), CacheTags.categoryList(id)]));
  if (parent) keep(CacheTags.category(parent._id));
  keep(...cardTags(list.articles));
  // No ads on a member's page when the settings say so (issue 39 item 2).
  const adsOff = adsHiddenFor(settings.ads, await accessClass());
  return {
    category,
    parent,
    children,
    list,
    here: hereOf(list, at),
    settings,
    publicUrl,
    share,
    adsOff,
  };
}

/** The page's crumbs: home, the parent if any, the category (the names the interface shows). */
const crumbsOf = (
  home: string,
  { category, parent }: { category: Category; parent: Category | null },
  language: UiLanguage,
) => categoryTrail(home, parent ? [parent, category] : [category], language);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { category, list, here, settings, publicUrl, share } = loaderData;
  const { articles } = list;
  const base = `${publicUrl}${categoryPath(category.slug)}`;
  const shown = interfaceFor(settings.uiLanguage);
  const { t } = shown;
  const name = shownCategoryName(category, settings.uiLanguage);
  const url = listHref(base, here);
  // Page 2 and later are pages of their own to a search engine: their own title and description.
  const suffix = pageSuffix(list, shown);
  const ofPage = (text: string) => (suffix ? `${text} (${suffix})` : text);
  return [
    ...pageMeta({
      settings,
      title: ofPage(name),
      description: ofPage(category.description || name),
      url,
      image: share,
    }),
    jsonLd(collectionPage({ collection: { ...category, name }, url, articles, publicUrl })),
    jsonLd(breadcrumbs(publicUrl, crumbsOf(t.nav.home, loaderData, settings.uiLanguage))),
    // Hindi stories on a page written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(settings.uiLanguage, [name, ...cardTexts(articles)]),
    ...readingListLinks({ base, list, title: name }),
  ];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, children, list, settings } = loaderData;
  const { t, lang } = useInterface();
  const name = shownCategoryName(category, lang);
  return (
    <AdsArea ads={pageAds(settings.ads, t.ads.label, lang, loaderData.adsOff)}>
      <main id="main" className="container py-4">
        <AdSlots position="header" />
        <Breadcrumb crumbs={crumbsOf(t.nav.home, loaderData, lang)} />
        <h1 lang={detectLanguage(name)}>{name}</h1>
        <FollowButton kind="category" target={category._id} />
        <p className="lead">{category.description}</p>
        {children.length > 0 && <Sections name={name} sections={children} />}
        <CardList articles={list.articles} empty={t.category.empty} lang={lang} headingLevel={2} />
        <ListNav list={list} path={categoryPath(category.slug)} />
        <AdSlots position="sidebar" />
        <AdSlots position="sticky-footer" />
      </main>
    </AdsArea>
  );
}

/** The categories inside this one, each a link to its own page (whose stories are here too). */
function Sections({ name, sections }: { name: string; sections: Category[] }) {
  const { t, lang } = useInterface();
  return (
    <nav aria-label={t.category.sections(name)} lang={lang} className="mb-4">
      <ul className="list-inline mb-0">
        {sections.map((c) => {
          const shown = shownCategoryName(c, lang);
          return (
            <li key={c._id} className="list-inline-item">
              <PageLink
                to={categoryPath(c.slug)}
                className="btn btn-outline-secondary btn-sm"
                lang={detectLanguage(shown)}
              >
                {shown}
              </PageLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
