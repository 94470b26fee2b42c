import { Fragment } from 'react';
import type { ArticleCard as Card } from '../../../common/schemas/articles';
import { shownCategoryName } from '../../../common/category-names';
import { appContext } from '../../../common/services';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { HomeSectionView, type HomeSection } from '../../components/home-section';
import { MostRead } from '../../components/most-read';
import { NewsHome } from '../../components/news-home';
import { mostReadOf } from '../../features/home/most-read';
import { AdSlots, AdsArea, AdsBetweenCards, withAdsBetween } from '../../components/ad-slot';
import { adsHiddenFor, pageAds } from '../../features/ads/ad-markup';
import { ResponsivePicture } from '../../components/responsive-picture';
import { interfaceFor, useInterface } from '../../copy/language';
import {
  cardsShown,
  homeReads,
  LIVE_ON_HOME,
  magazineFront,
  newsFront,
  sectionSlugs,
} from '../../features/home/home-lists';
import { redirectFormerPostQuery } from '../../features/redirects/former-address';
import { cardTexts, devanagariPreload } from '../../features/seo/font-preload';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { jsonLd, organization, website } from '../../features/seo/structured-data';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, logError, keep, mediaBase, accessClass } = context.get(appContext);
  // An old WordPress address such as /?p=123 (DECISIONS.md §15).
  await redirectFormerPostQuery({ services, logError }, request);
  /**
   * One section's data; its failure is kept to itself (SPEC.md §8 "Home section failures"):
   * readers see a short text, the log gets the error.
   */
  const section = async (
    key: string,
    title: string,
    load: () => Promise<Card[]>,
  ): Promise<HomeSection> => {
    try {
      return { key, title, articles: await load() };
    } catch (error) {
      logError(error, `home section "${key}" could not be loaded`);
      return { key, title, articles: [], failed: true };
    }
  };
  const settings = await services.settings.get();
  // SPEC.md's home is the default; `news` is a front page for a news day (docs/decisions/033).
  const news = settings.homeLayout === 'news';
  const [homeCategories, allRead] = await Promise.all([
    // The row of home categories is the magazine's; the news home has the menu's alone.
    news ? [] : services.categories.listHome().catch(() => []),
    services.categories.listAll().catch(() => undefined),
  ]);
  const all = allRead ?? [];
  const { t } = interfaceFor(settings.uiLanguage);
  // The sections after Latest come from the categories chosen in settings (DECISIONS.md §8);
  // all of them are read in one statement, side by side with the share image and the header
  // picture. A section naming no category fails alone; a failed read fails each section alone.
  // A section lists its category's stories and those of the categories inside it (issue 26
  // item 6), as that category's page does.
  const ids: string[][] = [];
  const chosen = sectionSlugs(settings.homeSectionSlugs, allRead).map((slug) => {
    const category = all.find((c) => c.slug === slug);
    const family = category
      ? [category._id, ...all.filter((c) => c.parentId === category._id).map((c) => c._id)]
      : [];
    // Where its list comes in the answer: after Latest's, in the order of `ids`.
    return { slug, category, at: category ? ids.push(family) : -1 };
  });
  // Readers' "Most read" (issue 38 item 5), read beside the sections.
  const mostReadRead = mostReadOf({ services, keep, logError }, settings.analytics.mostReadOnHome);
  const reads = homeReads(settings.homeLayout, settings.latestCount, ids.length);
  const lists = services.articles.listHomeSections(ids, reads.section, reads.latest);
  const sectionsRead = Promise.all([
    section(
      'latest',
      news ? t.home.news.latest : t.home.latest,
      async () => (await lists)[0] ?? [],
    ),
    ...chosen.map(({ slug, category, at }) =>
      section(
        slug,
        category ? shownCategoryName(category, settings.uiLanguage) : slug,
        async () => {
          if (!category) throw new Error(`No category "${slug}"`);
          return (await lists)[at] ?? [];
        },
      ),
    ),
  ]);
  const [[latest, ...more], share, headerImage] = await Promise.all([
    sectionsRead,
    // The header picture, when there is one, is the home page's own (as its 16:9 crop).
    shareImage(
      { services, publicUrl, mediaBase },
      settings,
      settings.headerImageUrl
        ? { url: settings.headerImageUrl, alt: settings.siteName }
        : undefined,
    ),
    // The header picture's variants, when it is an upload here (the magazine's hero shows it).
    news
      ? null
      : services.media.imageForUrl(settings.headerImageUrl).catch((error: unknown) => {
          logError(error, 'the home header image could not be looked up');
          return null;
        }),
  ]);
  // The live blogs running now, newest first, on top of the news home (issue 25 item 1).
  const live: Card[] = news ? await services.articles.listLive(LIVE_ON_HOME) : [];
  const mostRead = await mostReadRead;
  if (news) keep(CacheTags.liveList);
  const layout = news
    ? newsFront(latest!, more, live, settings.latestCount)
    : magazineFront(latest!, more);
  // The newest articles (the lead and Latest are the newest too), each home section's list,
  // and every card shown.
  keep(CacheTags.latest, ...ids.flat().map(CacheTags.categoryList));
  keep(...cardTags(cardsShown(layout.front, layout.sections)));
  // No ads on a member's page when the settings say so (issue 39 item 2).
  const adsOff = adsHiddenFor(settings.ads, await accessClass());
  return { settings, homeCategories, publicUrl, share, headerImage, mostRead, adsOff, ...layout };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, sections, share, front } = loaderData;
  const { t } = interfaceFor(settings.uiLanguage);
  // The news home is named by its h1 and leads its sections with Latest.
  const titles = [...(front ? [t.home.news.latest] : []), ...sections.map((s) => s.title)];
  return [
    ...pageMeta({
      settings,
      title: front ? t.home.news.heading : t.home.heading,
      description: `${settings.siteName}: ${titles.join(', ')}.`,
      url: `${publicUrl}/`,
      image: share,
    }),
    // The site, how to search it, and who publishes it (issue 12 item 4).
    jsonLd(website(settings, publicUrl)),
    jsonLd(organization(settings, publicUrl)),
    // Hindi stories on a home written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(settings.uiLanguage, [
      ...sections.map((s) => s.title),
      ...cardTexts(cardsShown(front, sections)),
    ]),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, front, sections } = loaderData;
  const { t, lang } = useInterface();
  // Ad slots (issue 39 item 1): the same for every reader, filled after load.
  return (
    <AdsArea ads={pageAds(settings.ads, t.ads.label, lang, loaderData.adsOff)}>
      <AdSlots position="header" />
      {front ? (
        <NewsHome
          front={front}
          sections={sections}
          timeZone={settings.timeZone}
          mostRead={loaderData.mostRead}
        />
      ) : (
        <Magazine {...loaderData} />
      )}
      <AdSlots position="sticky-footer" />
    </AdsArea>
  );
}

/** SPEC.md §2's home: header image, the home categories, the heading, four sections. */
function Magazine({
  settings,
  homeCategories,
  sections,
  headerImage,
  mostRead,
}: Route.ComponentProps['loaderData']) {
  const { t, lang } = useInterface();
  return (
    <main id="main">
      <div className={`home-hero${settings.headerImageUrl ? '' : ' home-hero-plain'}`}>
        {settings.headerImageUrl ? (
          <ResponsivePicture
            url={settings.headerImageUrl}
            image={headerImage}
            sizes="100vw"
            fallbackWidth={1600}
            fallbackSize={{ width: 1600, height: 400 }}
            alt=""
            fetchPriority="high"
            className="home-hero-img"
          />
        ) : null}
        <div className="container home-hero-text">
          <p className="display-6 fw-bold mb-0 site-name">{settings.siteName}</p>
        </div>
      </div>
      <div className="container py-4">
        <nav aria-label={t.home.categories} lang={lang} className="d-flex flex-wrap gap-2 mb-4">
          {homeCategories.map((c) => (
            <a
              key={c._id}
              href={`/category/${c.slug}`}
              className="btn btn-outline-secondary btn-sm"
            >
              {shownCategoryName(c, lang)}
            </a>
          ))}
        </nav>
        <h1 className="h2 mb-4" lang={lang}>
          {t.home.heading}
        </h1>
        {withAdsBetween(sections).map(({ section: s, after }, i) => (
          <Fragment key={s.key}>
            <HomeSectionView section={s} eager={i === 0} />
            <AdsBetweenCards {...after} />
          </Fragment>
        ))}
        <MostRead stories={mostRead} id="section-most-read" />
      </div>
    </main>
  );
}
