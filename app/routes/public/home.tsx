import { HOME_EXCERPT_LENGTH, HOME_SECTION_SIZE } from '../../../common/articles';
import type { ArticleCard as Card } from '../../../common/schemas/articles';
import { appContext } from '../../../common/services';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { ArticleCard } from '../../components/article-card';
import { ResponsivePicture } from '../../components/responsive-picture';
import { interfaceFor, useInterface } from '../../copy/language';
import { redirectFormerPostQuery } from '../../features/redirects/former-address';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { jsonLd, organization, website } from '../../features/seo/structured-data';
import type { Route } from './+types/home';

interface Section {
  key: string;
  title: string;
  articles: Card[];
  failed?: true;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, logError, keep } = context.get(appContext);
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
  ): Promise<Section> => {
    try {
      return { key, title, articles: await load() };
    } catch (error) {
      logError(error, `home section "${key}" could not be loaded`);
      return { key, title, articles: [], failed: true };
    }
  };
  const settings = await services.settings.get();
  const [homeCategories, all] = await Promise.all([
    services.categories.listHome().catch(() => []),
    services.categories.listAll().catch(() => []),
  ]);
  const { t } = interfaceFor(settings.uiLanguage);
  // The sections after Latest come from the categories chosen in settings (DECISIONS.md §8);
  // all of them are read in one statement, side by side with the share image and the header
  // picture. A section naming no category fails alone; a failed read fails each section alone.
  const ids: string[] = [];
  const chosen = settings.homeSectionSlugs.map((slug) => {
    const category = all.find((c) => c.slug === slug);
    // Where its list comes in the answer: after Latest's, in the order of `ids`.
    return { slug, category, at: category ? ids.push(category._id) : -1 };
  });
  const lists = services.articles.listHomeSections(ids, HOME_SECTION_SIZE);
  const sectionsRead = Promise.all([
    section('latest', t.home.latest, async () => (await lists)[0] ?? []),
    ...chosen.map(({ slug, category, at }) =>
      section(slug, category?.name ?? slug, async () => {
        if (!category) throw new Error(`No category "${slug}"`);
        return (await lists)[at] ?? [];
      }),
    ),
  ]);
  const [sections, share, headerImage] = await Promise.all([
    sectionsRead,
    // The header picture, when there is one, is the home page's own (as its 16:9 crop).
    shareImage(
      { services, publicUrl },
      settings,
      settings.headerImageUrl
        ? { url: settings.headerImageUrl, alt: settings.siteName }
        : undefined,
    ),
    // The header picture's variants, when it is an upload here.
    services.media.imageForUrl(settings.headerImageUrl).catch((error: unknown) => {
      logError(error, 'the home header image could not be looked up');
      return null;
    }),
  ]);
  // The newest articles, each home section's list, and every card shown.
  keep(CacheTags.latest, ...ids.map(CacheTags.categoryList));
  for (const s of sections) keep(...cardTags(s.articles));
  return { settings, homeCategories, sections, publicUrl, share, headerImage };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, sections, share } = loaderData;
  return [
    ...pageMeta({
      settings,
      title: interfaceFor(settings.uiLanguage).t.home.heading,
      description: `${settings.siteName}: ${sections.map((s) => s.title).join(', ')}.`,
      url: `${publicUrl}/`,
      image: share,
    }),
    // The site, how to search it, and who publishes it (issue 12 item 4).
    jsonLd(website(settings, publicUrl)),
    jsonLd(organization(settings, publicUrl)),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, homeCategories, sections, headerImage } = loaderData;
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
              {c.name}
            </a>
          ))}
        </nav>
        <h1 className="h2 mb-4" lang={lang}>
          {t.home.heading}
        </h1>
        {sections.map((s, i) => (
          <section key={s.key} aria-labelledby={`section-${s.key}`} className="mb-5">
            {/* "Latest Stories" is interface text; the others are category names. */}
            <h2
              id={`section-${s.key}`}
              className="h4 section-title"
              lang={s.key === 'latest' ? lang : undefined}
            >
              {s.title}
            </h2>
            {s.failed ? (
              <p className="text-body-secondary" role="status" lang={lang}>
                {t.home.sectionError}
              </p>
            ) : s.articles.length === 0 ? (
              <p lang={lang}>{t.home.empty}</p>
            ) : (
              <div className="row g-4">
                {s.articles.map((a, j) => (
                  <div key={a._id} className="col-12 col-md-6 col-lg-4">
                    <ArticleCard
                      article={a}
                      length={HOME_EXCERPT_LENGTH}
                      eager={i === 0}
                      priority={i === 0 && j === 0}
                    />
                  </div>
                ))}
              </div>
            )}
          </section>
        ))}
      </div>
    </main>
  );
}
