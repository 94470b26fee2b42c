import { Link } from 'react-router';
import { editionPath } from '../../../common/paths';
import { editionName } from '../../../common/edition-place';
import { shownCategoryName } from '../../../common/category-names';
import { appContext } from '../../../common/services';
import { CardList } from '../../components/card-list';
import { ListNav } from '../../components/list-nav';
import {
  hereOf,
  listAtOrNotFound,
  listHref,
  pageSuffix,
  readingListLinks,
} from '../../features/lists/reading-list';
import { editionPageData, type EditionSection } from '../../features/editions/edition-page';
import { editionBand, editionMostRead } from '../../features/editions/edition-band';
import { MostRead } from '../../components/most-read';
import { BreakingBand } from '../../components/breaking-band';
import { interfaceFor, useInterface } from '../../copy/language';
import { cardTexts, devanagariPreload } from '../../features/seo/font-preload';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, collectionPage, jsonLd } from '../../features/seo/structured-data';
import { editionResults } from '../../features/elections/edition-results';
import { EditionResultsBlock } from '../../features/elections/edition-results-view';
import type { Route } from './+types/edition';

/**
 * An edition's own home (issue 65 item 3): /local/{state}, /local/{state}/{city} and a town
 * below a city. The same bytes for every reader; the reader's own city is the strip's business.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, keepUntil, mediaBase } = context.get(appContext);
  const slugs = [params.state, params.city, params.town].filter((s): s is string => !!s);
  const at = listAtOrNotFound(request);
  const settings = await services.settings.get();
  const [page, share] = await Promise.all([
    editionPageData(services, slugs, at),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  keep(...page.tags);
  const id = page.edition._id;
  const [band, mostRead, results] = await Promise.all([
    editionBand(context.get(appContext), id),
    editionMostRead(context.get(appContext), id, settings.analytics.mostReadOnHome),
    // On counting day, its own seats first (issue 69 item 4).
    editionResults({ services, keep, keepUntil }, page.trail, settings.timeZone),
  ]);
  const { tags: _tags, ...shown } = page;
  return {
    ...shown,
    here: hereOf(page.list, at),
    band,
    mostRead,
    results,
    slugs,
    settings,
    publicUrl,
    share,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { edition, trail, settings, publicUrl, list, here, share, allShown } = loaderData;
  const lang = settings.uiLanguage;
  const shownIn = interfaceFor(lang);
  const { t } = shownIn;
  const path = editionPath(loaderData.slugs);
  const base = `${publicUrl}${path}`;
  const url = listHref(base, here);
  const suffix = pageSuffix(list, shownIn);
  const ofPage = (text: string) => (suffix ? `${text} (${suffix})` : text);
  const title = t.edition.title(editionName(edition, lang));
  const description = t.edition.description(editionName(edition, lang), settings.siteName);
  return [
    ...pageMeta({
      settings,
      title: ofPage(title),
      description: ofPage(description),
      url,
      image: share,
    }),
    jsonLd(
      collectionPage({
        collection: { name: title, description },
        url,
        articles: allShown,
        publicUrl,
      }),
    ),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: t.nav.home, path: '/' },
        ...trail.map((e, i) => ({
          name: editionName(e, lang),
          path: editionPath(trail.slice(0, i + 1).map((x) => x.slug)),
        })),
      ]),
    ),
    ...readingListLinks({ base, list, title }),
    // Hindi stories on a page written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(lang, [editionName(edition, lang), ...cardTexts(allShown)]),
  ];
};

function Section({
  section,
  title,
  lang,
}: {
  section: Pick<EditionSection, 'articles'>;
  title: string;
  lang: string;
}) {
  return (
    <section className="mt-5">
      <h2 lang={lang}>{title}</h2>
      <CardList articles={section.articles} lang={lang} headingLevel={3} />
    </section>
  );
}

export default function EditionPage({ loaderData }: Route.ComponentProps) {
  const { edition, trail, lead, sections, articles, list, above, below, slugs } = loaderData;
  const { t, lang } = useInterface();
  const path = editionPath(slugs);
  const name = editionName(edition, lang);
  const pathOf = (e: { _id: string }) =>
    editionPath(trail.slice(0, trail.findIndex((x) => x._id === e._id) + 1).map((x) => x.slug));
  return (
    <>
      {loaderData.band && <BreakingBand band={loaderData.band} place={name} />}
      <main id="main" className="container py-4" data-edition={edition.slug}>
        <nav aria-label={t.category.breadcrumb} lang={lang}>
          <ol className="breadcrumb">
            <li className="breadcrumb-item">
              <Link to="/">{t.nav.home}</Link>
            </li>
            {trail.slice(0, -1).map((e) => (
              <li key={e._id} className="breadcrumb-item">
                <Link to={pathOf(e)}>{editionName(e, lang)}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <h1 lang={lang}>{t.edition.title(name)}</h1>
        {loaderData.results && (
          <EditionResultsBlock
            results={loaderData.results}
            timeZone={loaderData.settings.timeZone}
          />
        )}
        {lead && (
          <section className="mb-4">
            <h2 className="visually-hidden" lang={lang}>
              {t.edition.lead}
            </h2>
            <CardList articles={[lead]} lang={lang} headingLevel={3} />
          </section>
        )}
        {sections.map((s) => (
          <Section
            key={s.category._id}
            section={s}
            title={shownCategoryName(s.category, lang)}
            lang={lang}
          />
        ))}
        <h2 lang={lang}>{t.edition.latest(name)}</h2>
        <CardList articles={articles} empty={lead ? undefined : t.edition.empty} lang={lang} />
        <ListNav list={list} path={path} />
        <MostRead
          stories={loaderData.mostRead}
          id="section-most-read"
          heading={t.mostRead.in(name)}
        />
        {below.map((s) => (
          <Section
            key={s.edition._id}
            section={s}
            title={t.edition.from(editionName(s.edition, lang))}
            lang={lang}
          />
        ))}
        {above.map((s) => (
          <Section
            key={s.edition._id}
            section={s}
            title={
              s.edition.kind === 'national'
                ? t.edition.national
                : t.edition.from(editionName(s.edition, lang))
            }
            lang={lang}
          />
        ))}
      </main>
    </>
  );
}
