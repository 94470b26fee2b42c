import type { ArticleCard as Card } from '../../common/schemas/articles';
import { HOME_EXCERPT_LENGTH } from '../../common/articles';
import { shownCategoryName } from '../../common/category-names';
import { articlePath, categoryPath } from '../../common/paths';
import { detectLanguage, excerpt } from '../../common/text';
import { formatForReaders } from '../../common/time-zone';
import { DEFAULT_SETTINGS, type SiteSettings } from '../../common/settings';
import { useRouteLoaderData } from 'react-router';
import { useInterface } from '../copy/language';
import { LiveBadge } from './live-badge';
import { PageLink } from './page-link';
import { ResponsivePicture } from './responsive-picture';

/** Cards sit three to a row from lg (at most ~410 px), two from md, one on a phone. */
const CARD_SIZES =
  '(min-width: 1200px) 410px, (min-width: 992px) 330px, (min-width: 768px) 50vw, 100vw';

/** A compact card's image is a thumbnail beside the headline, 8rem wide at every width. */
const COMPACT_SIZES = '128px';

/** 16:9 when the size is unknown (an address elsewhere). */
const CARD_FALLBACK_SIZE = { width: 1200, height: 675 };

/**
 * The server's excerpt is already cut at 200 characters (SPEC.md §9); shorter cards cut it
 * again from the uncut words, so no extra word is lost.
 */
const cardExcerpt = (text: string, length: number) =>
  length >= HOME_EXCERPT_LENGTH ? text : excerpt(text.replace(/\.\.\.$/, ''), length);

/**
 * A card's section and publication day (the news home's cards, docs/decisions/033): the
 * category links to its page, in its own language; the day is written in the interface's
 * language and the site's time zone, with the instant in `datetime` for machines.
 */
export function CardMeta({ article, timeZone }: { article: Card; timeZone: string }) {
  const { lang } = useInterface();
  const { category } = article;
  const name = category && shownCategoryName(category, lang);
  return (
    <p className="card-meta" lang={lang}>
      {category && name && (
        <>
          <PageLink to={categoryPath(category.slug)} lang={detectLanguage(name)}>
            {name}
          </PageLink>
          <span aria-hidden="true"> · </span>
        </>
      )}
      <CardTime article={article} timeZone={timeZone} />
    </p>
  );
}

/**
 * A card's publication day in the interface's language and the site's time zone, the instant
 * in `datetime`; the reader script says a fresh one as "2 hours ago" (issue 45 item 3,
 * app/reader/relative-times.ts).
 */
function CardTime({ article, timeZone }: { article: Card; timeZone: string }) {
  const { locale } = useInterface();
  return (
    <time dateTime={article.publishedAt} data-relative={locale}>
      {formatForReaders(new Date(article.publishedAt), timeZone, locale, 'day')}
    </time>
  );
}

/** The site's time zone, from the root loader (every public page has it). */
const useSiteTimeZone = () =>
  useRouteLoaderData<{ settings?: Pick<SiteSettings, 'timeZone'> }>('root')?.settings?.timeZone ??
  DEFAULT_SETTINGS.timeZone;

/** "A", "A and B", "A, B and C": one text, so a page's HTML has no break inside it. */
const joinNames = (names: string[], lastJoin: string) =>
  names.length > 1
    ? `${names.slice(0, -1).join(', ')}${lastJoin}${names[names.length - 1]}`
    : names.join('');

/**
 * Who a card's story is by (issue 26 item 4): every byline, then the agency's credit, in one
 * quiet line, and its day beside them (issue 45 item 3) unless the card's meta line says it.
 * Names, not links: the card links its story.
 */
export function CardByline({ article, withDay = true }: { article: Card; withDay?: boolean }) {
  const { t, lang } = useInterface();
  const timeZone = useSiteTimeZone();
  const names = article.authors.map((a) => a.name);
  if (names.length === 0 && !article.credit && !withDay) return null;
  return (
    <p className="card-byline small text-body-secondary mb-2" lang={lang}>
      {names.length > 0 && (
        <>
          {t.article.byPrefix}
          {/* Names are not marked with a language, as the article page's byline does not. */}
          {joinNames(names, t.article.lastBylineJoin)}
        </>
      )}
      {names.length > 0 && article.credit && <span aria-hidden="true"> · </span>}
      {article.credit && <span lang={detectLanguage(article.credit)}>{article.credit}</span>}
      {withDay && (
        <>
          {(names.length > 0 || article.credit) && <span aria-hidden="true"> · </span>}
          <CardTime article={article} timeZone={timeZone} />
        </>
      )}
    </p>
  );
}

/**
 * A card: image, title, a plain-text excerpt of `length` characters and Read More. A search
 * result passes `highlight`: its title and snippet as HTML the server escaped, with the
 * matched words in <mark> (common/search/search-text.ts), shown in place of the plain ones.
 *
 * The title and the image link to the article too (issue 12 item 8). Read More keeps SPEC.md's
 * label on screen and carries the title in visually hidden text (WCAG technique C7), so its
 * name, to a screen reader and to a search engine, says where it goes, the title in the
 * article's language. The image's link is a
 * duplicate of the title's for a pointer only: hidden from assistive technology and the Tab
 * order. `headingLevel` keeps the page's outline without a skipped level: 3 under a section's
 * h2 (home, author, related stories), 2 right under the page's h1 (category, search).
 * `priority` fetches the page's first card image first (Lighthouse's LCP discovery).
 *
 * The news home (docs/decisions/033) passes `dated`: the card also says its section and day
 * (CardMeta). `compact` cards are a thumbnail beside the headline and that line, without the
 * excerpt or Read More: a phone shows a section in a screen instead of three.
 */
export function ArticleCard({
  article,
  length,
  eager = false,
  highlight,
  headingLevel = 3,
  priority = false,
  dated,
  compact = false,
}: {
  article: Card;
  length: number;
  eager?: boolean;
  /** The site's time zone: the card says its section and day in it. */
  dated?: { timeZone: string } | undefined;
  compact?: boolean;
  /** The page's first card: its image is what a phone paints largest first (LCP). */
  priority?: boolean;
  highlight?: { name: string; snippet: string };
  headingLevel?: 2 | 3;
}) {
  const href = articlePath(article);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`card h-100 shadow-sm${compact ? ' card-compact' : ''}`}
      lang={article.language}
    >
      {/* Articles brought in without a featured image (an import) have no imageUrl. */}
      {article.imageUrl && (
        <PageLink to={href} tabIndex={-1} aria-hidden="true" className="card-img-link">
          <ResponsivePicture
            url={article.imageUrl}
            image={article.image}
            sizes={compact ? COMPACT_SIZES : CARD_SIZES}
            // A variant about twice a card's width at most.
            fallbackWidth={800}
            fallbackSize={CARD_FALLBACK_SIZE}
            alt=""
            className="card-img-top"
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        </PageLink>
      )}
      <div className="card-body d-flex flex-column">
        {article.liveBlog && (
          <p className="mb-1">
            <LiveBadge />
          </p>
        )}
        {highlight ? (
          <>
            <Heading className="h5 card-title">
              <PageLink to={href} dangerouslySetInnerHTML={{ __html: highlight.name }} />
            </Heading>
            <p className="card-text" dangerouslySetInnerHTML={{ __html: highlight.snippet }} />
            <CardByline article={article} />
          </>
        ) : (
          <>
            <Heading className="h5 card-title">
              <PageLink to={href}>{article.name}</PageLink>
            </Heading>
            {dated && <CardMeta article={article} timeZone={dated.timeZone} />}
            {!compact && <p className="card-text">{cardExcerpt(article.excerpt, length)}</p>}
            {/* After the excerpt: a card's first paragraph stays its summary. */}
            <CardByline article={article} withDay={!dated} />
          </>
        )}
        {!compact && <ReadMore href={href} article={article} />}
      </div>
    </article>
  );
}

function ReadMore({ href, article }: { href: string; article: Card }) {
  const { t, lang } = useInterface();
  // Its name is "Read More: <title>", each part in its own language (WCAG 3.1.2): the label
  // in the interface's, the title in the article's. An aria-label would be one string in one
  // language, and Chromium spaces a hidden part apart from the visible text ("Read More : …"),
  // so the whole name is the hidden text and the label seen is for the eye only.
  return (
    <PageLink to={href} className="btn btn-primary mt-auto align-self-start" lang={lang}>
      <span aria-hidden="true">{t.home.readMore}</span>
      <span className="visually-hidden">
        {t.home.readMore}: <span lang={article.language}>{article.name}</span>
      </span>
    </PageLink>
  );
}
