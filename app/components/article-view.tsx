import { SaveButton } from './reader-buttons';
import type {
  Article,
  ArticleCard as ArticleCardData,
  TranslationRef,
} from '../../common/schemas/articles';
import { articlePath } from '../../common/paths';
import type { LiveEntry } from '../../common/schemas/live';
import type { SiteSettings } from '../../common/settings';
import { withInArticleSlots, type PageAds } from '../features/ads/ad-markup';
import { AdSlots, AdsArea } from './ad-slot';
import { LiveBadge } from './live-badge';
import { LiveBlog } from './live-blog';
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
import {
  TranslationLinks,
  MeterWall,
  ArticleByline,
  ArticleTags,
  RelatedStories,
  PrintedIn,
} from './article-view-parts';
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
