/*
 * The parts of a story's page below and beside its text (app/components/article-view.tsx): its
 * other languages, the metered wall, the byline, its tags, related stories and where it was in print.
 */
import { Fragment } from 'react';
import type {
  Article,
  ArticleCard as ArticleCardData,
  TranslationRef,
} from '../../common/schemas/articles';
import { CARD_EXCERPT_LENGTH } from '../../common/articles';
import { authorPath, PAGE_SEGMENTS, tagPath } from '../../common/paths';
import { detectLanguage } from '../../common/text';
import { formatDate, readIn, useInterface } from '../copy/language';
import type { SiteSettings } from '../../common/settings';
import { ArticleCard } from './article-card';
import { MostRead } from './most-read';
import { InPrint } from './epaper-zones';
import { epaperClipsCopy } from '../copy/epaper-clips';
import type { EpaperInPrint } from '../../common/schemas/epaper-zones';

/** The story in its other languages, each offered in the language it leads to. */
export function TranslationLinks({ translations }: { translations: TranslationRef[] }) {
  if (translations.length === 0) return null;
  return (
    // Each offered in the language it leads to, whatever the interface speaks.
    <p className="translation-link">
      {translations.map((version, i) => (
        <span key={version._id}>
          {i > 0 && ' · '}
          <a href={version.path} hrefLang={version.language} lang={version.language}>
            {readIn(version.language)}
          </a>
        </span>
      ))}
    </p>
  );
}

/**
 * The metered wall (issue 39 item 2, docs/decisions/059): the same hidden markup for every
 * reader; the reading script (app/reader/meter.ts) counts the month's stories in the browser
 * and, past the free ones, shows it and hides the story after its first paragraph.
 */
export function MeterWall({ meter, path }: { meter: SiteSettings['meter'] | null; path: string }) {
  const { t, lang } = useInterface();
  if (!meter || meter.freePerMonth <= 0) return null;
  return (
    <aside
      className="meter-wall border rounded p-4 my-4 text-center"
      hidden
      data-meter={meter.freePerMonth}
      data-meter-wall={meter.wall}
      aria-labelledby="meter-wall-heading"
      lang={lang}
    >
      <h2 id="meter-wall-heading" className="h4">
        {t.meter.heading}
      </h2>
      <p>{meter.wall === 'registration' ? t.meter.registration : t.meter.subscription}</p>
      {/* A subscription wall offers the plans (issue 39 item 4's readers' page). */}
      {meter.wall === 'subscription' && (
        <a className="btn btn-primary me-2" href={`/${PAGE_SEGMENTS.plans}`}>
          {t.walled.plans}
        </a>
      )}
      <a className="btn btn-primary" href={`/login?redirect=${encodeURIComponent(path)}`}>
        {t.meter.signIn}
      </a>
    </aside>
  );
}

/**
 * The byline is interface text: every byline linked to their page, the agency's credit
 * (issue 26 item 4), and the date written the way the interface writes.
 */
export function ArticleByline({ article }: { article: Article }) {
  const { t, lang, locale } = useInterface();
  const { authors, credit } = article;
  return (
    <p className="text-body-secondary small" lang={lang}>
      {authors.length > 0 && (
        <span>
          {t.article.byPrefix}
          {authors.map((a, i) => (
            <Fragment key={a._id}>
              {i > 0 && (i === authors.length - 1 ? t.article.lastBylineJoin : ', ')}
              <a href={authorPath(a.slug)} rel="author">
                {a.name}
              </a>
            </Fragment>
          ))}
          {' · '}
        </span>
      )}
      {credit && (
        <span>
          <span lang={detectLanguage(credit)}>{credit}</span>
          {' · '}
        </span>
      )}
      <time dateTime={article.publishedAt}>{formatDate(article.publishedAt, locale)}</time>
    </p>
  );
}

/** The article's tags, each linking to its page (issue 26 item 5); nothing when it has none. */
export function ArticleTags({ tags }: { tags: string[] }) {
  const { t, lang } = useInterface();
  if (tags.length === 0) return null;
  return (
    <nav aria-label={t.article.tags} lang={lang} className="mt-4">
      <ul className="list-inline mb-0">
        {tags.map((name) => (
          <li key={name} className="list-inline-item mb-2">
            <a
              href={tagPath(name)}
              rel="tag"
              lang={detectLanguage(name)}
              className="badge rounded-pill text-bg-light border text-decoration-none fw-normal fs-6"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * "More stories" under an article, or a notice when they could not be read; then readers' "Most
 * read" (issue 38 item 5; none on a preview).
 */
export function RelatedStories({
  related,
  failed,
  mostRead,
}: {
  related: ArticleCardData[];
  failed: boolean;
  mostRead: readonly ArticleCardData[];
}) {
  const { t, lang } = useInterface();
  return (
    <>
      {failed && (
        <p className="mt-5 text-body-secondary" role="status" lang={lang}>
          {t.article.moreError}
        </p>
      )}
      {related.length > 0 && (
        <section aria-labelledby="more-stories" className="mt-5">
          <h2 id="more-stories" className="h4 section-title" lang={lang}>
            {t.article.more}
          </h2>
          <div className="row g-4">
            {related.map((a) => (
              <div key={a._id} className="col-12 col-md-6">
                <ArticleCard article={a} length={CARD_EXCERPT_LENGTH} />
              </div>
            ))}
          </div>
        </section>
      )}
      <MostRead stories={mostRead} id="most-read" />
    </>
  );
}

/** Where the story was printed in the e-paper, in the interface's words. */
export function PrintedIn({ prints }: { prints: readonly EpaperInPrint[] }) {
  const { lang } = useInterface();
  return <InPrint prints={[...prints]} lang={lang} c={epaperClipsCopy[lang]} />;
}
