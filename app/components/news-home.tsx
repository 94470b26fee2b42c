import { Fragment } from 'react';
import { AdsBetweenCards, withAdsBetween } from './ad-slot';
import { HOME_EXCERPT_LENGTH } from '../../common/articles';
import { articlePath } from '../../common/paths';
import type { ArticleCard as Card } from '../../common/schemas/articles';
import { formatForReaders } from '../../common/time-zone';
import { useInterface } from '../copy/language';
import { ArticleCard, CardMeta } from './article-card';
import { HomeSectionView, type HomeSection } from './home-section';
import { MostRead } from './most-read';
import { LiveBadge } from './live-badge';
import { PageLink } from './page-link';
import { ResponsivePicture } from './responsive-picture';

/**
 * The news home's own blocks (setting `homeLayout: news`, docs/decisions/033): what the
 * loader read for them. The home sections after them are the magazine's (HomeSection).
 */
export interface NewsFront {
  /** The newest public story with an image (else the newest): shown large. */
  lead: Card | null;
  /** The newest stories after the lead, headlines with their times. */
  latest: Card[];
  /** The read of the newest stories failed: a short text stands in for the lead and the list. */
  failed?: true;
  /** Live blogs running now, newest first (issue 25 item 1). */
  live: Card[];
}

/** The lead fills the main column: 8 of 12 from lg (container less its gutter), else the width. */
const LEAD_SIZES =
  '(min-width: 1400px) 856px, (min-width: 1200px) 736px, (min-width: 992px) 616px, 100vw';

/** 16:9 when the size is unknown (an address elsewhere). */
const LEAD_FALLBACK_SIZE = { width: 1200, height: 675 };

/**
 * A front page for a news day: live blogs (when any run), the lead story with a large image
 * beside a dated Latest list, then the home sections as compact dated cards. The breaking
 * band is above it all (the public layout's, on every page). Its h1 is for screen readers
 * and search engines: the lead story is what the eye meets first.
 */
export function NewsHome({
  front,
  sections,
  timeZone,
  mostRead = [],
}: {
  front: NewsFront;
  sections: HomeSection[];
  timeZone: string;
  /** Readers' "Most read" (issue 38 item 5), after the sections; empty: none. */
  mostRead?: readonly Card[];
}) {
  const { t, lang } = useInterface();
  const dated = { timeZone };
  return (
    <main id="main">
      <div className="container py-3">
        <h1 className="visually-hidden" lang={lang}>
          {t.home.news.heading}
        </h1>
        <LiveNow live={front.live} timeZone={timeZone} />
        <div className="row g-4 mb-4">
          <section className="col-lg-8" aria-label={t.home.news.lead} lang={lang}>
            {front.failed ? (
              <p className="text-body-secondary" role="status">
                {t.home.sectionError}
              </p>
            ) : front.lead ? (
              <LeadStory article={front.lead} timeZone={timeZone} />
            ) : (
              <p>{t.home.news.empty}</p>
            )}
          </section>
          <section className="col-lg-4" aria-labelledby="section-latest">
            <h2 id="section-latest" className="h4 section-title" lang={lang}>
              {t.home.news.latest}
            </h2>
            {!front.failed && <LatestList articles={front.latest} timeZone={timeZone} />}
          </section>
        </div>
        {withAdsBetween(sections).map(({ section: s, after }) => (
          <Fragment key={s.key}>
            <HomeSectionView section={s} dated={dated} compact />
            <AdsBetweenCards {...after} />
          </Fragment>
        ))}
        <MostRead stories={mostRead} id="section-most-read" />
      </div>
    </main>
  );
}

/**
 * Live blogs running now, on top of the page (the loader's `live`, newest first, issue 25
 * item 1), each card with its LIVE badge; nothing shows while none runs.
 */
function LiveNow({ live, timeZone }: { live: Card[]; timeZone: string }) {
  const { t, lang } = useInterface();
  if (live.length === 0) return null;
  return (
    <section aria-labelledby="section-live" className="mb-4">
      <h2 id="section-live" className="h4 section-title" lang={lang}>
        {t.home.news.live}
      </h2>
      <div className="row g-3">
        {live.map((a) => (
          <div key={a._id} className="col-12 col-md-6 col-lg-4">
            <ArticleCard article={a} length={HOME_EXCERPT_LENGTH} dated={{ timeZone }} compact />
          </div>
        ))}
      </div>
    </section>
  );
}

/** The lead story: its image large and first fetched (the page's LCP), title, section, day. */
function LeadStory({ article, timeZone }: { article: Card; timeZone: string }) {
  const href = articlePath(article);
  return (
    <article className="lead-story" lang={article.language}>
      {article.imageUrl && (
        <PageLink to={href} tabIndex={-1} aria-hidden="true" className="card-img-link">
          <ResponsivePicture
            url={article.imageUrl}
            image={article.image}
            sizes={LEAD_SIZES}
            fallbackWidth={1200}
            fallbackSize={LEAD_FALLBACK_SIZE}
            alt=""
            className="lead-img"
            loading="eager"
            fetchPriority="high"
            decoding="async"
          />
        </PageLink>
      )}
      {article.liveBlog && (
        <p className="mb-0 mt-3">
          <LiveBadge />
        </p>
      )}
      <h2 className="lead-title">
        <PageLink to={href}>{article.name}</PageLink>
      </h2>
      <CardMeta article={article} timeZone={timeZone} />
      <p className="lead-excerpt">{article.excerpt}</p>
    </article>
  );
}

/** The newest headlines, each with its day and time in the site's zone, newest first. */
function LatestList({ articles, timeZone }: { articles: Card[]; timeZone: string }) {
  const { t, lang, locale } = useInterface();
  if (articles.length === 0) return <p lang={lang}>{t.home.news.empty}</p>;
  return (
    <ol className="latest-list">
      {articles.map((a) => (
        <li key={a._id}>
          <time dateTime={a.publishedAt} lang={lang}>
            {formatForReaders(new Date(a.publishedAt), timeZone, locale, 'dayAndTime')}
          </time>
          {a.liveBlog && (
            <>
              <LiveBadge />{' '}
            </>
          )}
          <PageLink to={articlePath(a)} lang={a.language}>
            {a.name}
          </PageLink>
        </li>
      ))}
    </ol>
  );
}
