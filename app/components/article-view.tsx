import { Fragment } from 'react';
import { SaveButton } from './reader-buttons';
import type {
  Article,
  ArticleCard as ArticleCardData,
  TranslationRef,
} from '../../common/schemas/articles';
import { CARD_EXCERPT_LENGTH } from '../../common/articles';
import { articlePath, authorPath, PAGE_SEGMENTS, tagPath } from '../../common/paths';
import { detectLanguage } from '../../common/text';
import { formatDate, readIn, useInterface } from '../copy/language';
import type { LiveEntry } from '../../common/schemas/live';
import type { SiteSettings } from '../../common/settings';
import { withInArticleSlots, type PageAds } from '../features/ads/ad-markup';
import { AdSlots, AdsArea } from './ad-slot';
import { ArticleCard } from './article-card';
import { LiveBadge } from './live-badge';
import { LiveBlog } from './live-blog';
import { MostRead } from './most-read';
import { MembersBody } from './members-wall';
import { ArticleComments } from './article-comments';
import { ArticleCorrections } from './article-corrections';
import type { Correction } from '../../common/schemas/corrections';
import type { CommentsPage } from '../../common/schemas/comments';
import { ARTICLE_SIZES } from './responsive-image';
import { ResponsivePicture } from './responsive-picture';
import { PushPrompt } from './push-prompt';
import { ShareButtons } from './share-buttons';
import { NewsletterSignup } from './newsletter-signup';
import { InPrint } from './epaper-zones';
import { epaperClipsCopy } from '../copy/epaper-clips';
import type { EpaperInPrint } from '../../common/schemas/epaper-zones';

/**
 * An article as readers see it: its page, and a preview of one not yet out (DECISIONS.md §11),
 * which must look the same. A preview counts no view (`countView`).
 */
/**
 * A live blog's part of the page: none of it when the story's body is walled (issue 66 item 1),
 * and a gift link's token for its polls.
 */
interface LivePart {
  entries: LiveEntry[];
  updatedAt: string;
  timeZone: string;
  walled?: boolean;
  gift?: string | undefined;
}

export function ArticleView({
  article,
  translations = [],
  related,
  relatedFailed,
  mostRead = [],
  publicUrl,
  countView = true,
  live = null,
  ads = null,
  meter = null,
  comments = null,
  newsletters = [],
  corrections = [],
  inPrint = [],
}: {
  /** The e-paper pages that printed it (issue 68 item 1): "In print: page 3, Jaipur edition". */
  inPrint?: readonly EpaperInPrint[];
  /** Its corrections on the record (issue 43 item 3), newest first. */
  corrections?: readonly Correction[];
  /** The newsletters its sign-up form offers after the story (issue 37 item 3); none on a preview. */
  newsletters?: { _id: string; name: string }[];
  /** The first page of approved comments (issue 42); none on a preview. */
  comments?: (CommentsPage & { open?: boolean }) | null;
  /** The metered wall (issue 39 item 2): drawn hidden; the reader's browser decides. */
  meter?: SiteSettings['meter'] | null;
  /** Its ad slots (issue 39 item 1); none on a preview or a story with `adsOff`. */
  ads?: PageAds | null;
  article: Article;
  /** A live blog's entries (issue 25 item 1) and the site's zone its times are written in. */
  live?: LivePart | null;
  /** The story's other versions readers can see (its translation group, docs/decisions/041). */
  translations?: TranslationRef[];
  related: ArticleCardData[];
  relatedFailed: boolean;
  mostRead?: readonly ArticleCardData[];
  publicUrl: string;
  countView?: boolean;
}) {
  return (
    <AdsArea ads={ads}>
      <main id="main" className="container py-4">
        <AdSlots position="header" />
        <article
          className="article mx-auto"
          lang={article.language}
          data-view-article={countView ? article._id : undefined}
        >
          {article.liveBlog && <LiveBadge />}
          <h1 className="article-title mb-3">{article.name}</h1>
          <ArticleByline article={article} />
          <TranslationLinks translations={translations} />
          <ArticleImage article={article} />
          <ShareButtons url={`${publicUrl}${articlePath(article)}`} title={article.name} />
          <SaveButton articleId={article._id} />
          {/* The loader made its images of ours responsive (responsiveBody). */}
          {article.access === 'free' ? (
            <div
              className="article-body"
              data-read-story=""
              dangerouslySetInnerHTML={{ __html: withInArticleSlots(article.description, ads) }}
            />
          ) : (
            <MembersBody
              article={article}
              path={articlePath(article)}
              body={withInArticleSlots(article.description, ads)}
            />
          )}
          <ArticleCorrections corrections={corrections} />
          <PrintedIn prints={inPrint} />
          {countView && <MeterWall meter={meter} path={articlePath(article)} />}
          {/* In the flow after the story, never over its text (issue 45 item 4). */}
          {countView && <PushPrompt />}
          {live && !live.walled && <LiveBlog article={article} {...live} />}
          <AfterStory
            article={article}
            newsletters={countView ? newsletters : null}
            comments={comments}
          />
        </article>
        <AdSlots position="sidebar" />
        <RelatedStories related={related} failed={relatedFailed} mostRead={mostRead} />
        <AdSlots position="sticky-footer" />
      </main>
    </AdsArea>
  );
}

/** The story's own image, the page's largest paint: fetched first. */
function ArticleImage({ article }: { article: Article }) {
  if (!article.imageUrl) return null;
  return (
    <ResponsivePicture
      url={article.imageUrl}
      image={article.image}
      sizes={ARTICLE_SIZES}
      fallbackWidth={1200}
      fallbackSize={{ width: 1200, height: 675 }}
      alt={article.imageAlt || article.name}
      fetchPriority="high"
      className="article-image img-fluid rounded mb-4"
    />
  );
}

/** Under the story: its tags, the newsletters' sign-up (not on a preview), its comments. */
function AfterStory({
  article,
  newsletters,
  comments,
}: {
  article: Article;
  newsletters: { _id: string; name: string }[] | null;
  comments: (CommentsPage & { open?: boolean }) | null;
}) {
  return (
    <>
      <ArticleTags tags={article.tags} />
      {newsletters && <NewsletterSignup newsletters={newsletters} place="article" />}
      {comments && (
        <ArticleComments comments={comments} articleId={article._id} path={articlePath(article)} />
      )}
    </>
  );
}

/** The story in its other languages, each offered in the language it leads to. */
function TranslationLinks({ translations }: { translations: TranslationRef[] }) {
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
function MeterWall({ meter, path }: { meter: SiteSettings['meter'] | null; path: string }) {
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
function ArticleByline({ article }: { article: Article }) {
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
function ArticleTags({ tags }: { tags: string[] }) {
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
function RelatedStories({
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
function PrintedIn({ prints }: { prints: readonly EpaperInPrint[] }) {
  const { lang } = useInterface();
  return <InPrint prints={[...prints]} lang={lang} c={epaperClipsCopy[lang]} />;
}
