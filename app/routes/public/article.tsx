import { useEffect } from 'react';
import { data, redirect, useRouteLoaderData } from 'react-router';
import { CARD_EXCERPT_LENGTH } from '../../../common/articles';
import { hreflangLinks } from '../../../common/hreflang';
import { articlePath } from '../../../common/paths';
import { htmlExcerpt } from '../../../common/text';
import { appContext, type AppContext, type AppServices } from '../../../common/services';
import { mayReadWhole, type AccessClass } from '../../../common/article-access';
import { giftTokenIn } from '../../../common/schemas/gifts';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { ArticleView } from '../../components/article-view';
import { adsHiddenFor, pageAds } from '../../features/ads/ad-markup';
import { interfaceFor } from '../../copy/language';
import { withResponsiveBody } from '../../features/media/responsive-body';
import { redirectFormerAddress } from '../../features/redirects/former-address';
import { mostReadOf } from '../../features/home/most-read';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import {
  breadcrumbs,
  categoryTrail,
  jsonLd,
  newsArticle,
} from '../../features/seo/structured-data';
import { liveBlogPosting } from '../../features/seo/live-blog-data';
import type { RootData } from '../../root';
import { storyPlace } from '../../features/editions/story-place';
import { storyWithEmbeds } from '../../../common/election-embeds';
import type { Route } from './+types/article';
import { DAY_MS } from '../../../common/durations';

/**
 * The story at an address for `reader`; a gift link's page (issue 39 item 5) shows it whole when
 * its token, signed and unexpired, names this story and its giver has not stopped it. Any other
 * token changes nothing.
 */
async function resolveWithGift(
  services: AppServices,
  params: { category: string; slug: string },
  reader: AccessClass,
  url: string,
) {
  const found = await services.articles.resolve(params.category, params.slug, reader);
  const story = found?.article;
  if (!story || mayReadWhole(story.access, reader)) return found;
  if ((await services.gifts.opens(url)) !== story._id) return found;
  return services.articles.resolve(params.category, params.slug, 'paid');
}

/** The story's two to read next, or none and a flag when they could not be read. */
function suggestionsOf(
  { services, logError }: Pick<AppContext, 'services' | 'logError'>,
  story: Parameters<AppServices['articles']['suggestions']>[0],
) {
  return services.articles.suggestions(story).then(
    (related) => ({ related: [...related], relatedFailed: false }),
    (error: unknown) => {
      logError(error, `related stories of article ${story._id} could not be loaded`);
      return { related: [], relatedFailed: true };
    },
  );
}

/** A gift link's page is its reader's own: no cache may keep it (issue 39 item 5). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, logError, keep, keepUntil, mediaBase, accessClass } =
    context.get(appContext);
  // Pages differ by the reader's class, never by person (issue 39 item 3): a members' story is
  // whole only on the page made for a class its access opens it to.
  const reader = await accessClass();
  const found = await resolveWithGift(services, params, reader, request.url);
  // A former address, or the right slug under another category: a permanent redirect, with
  // the query string (campaign tags and the like).
  if (found?.movedTo) throw redirect(`${found.movedTo}${new URL(request.url).search}`, 301);
  if (!found?.article) {
    // Two-segment permalinks of an old site (/archives/123) land here.
    await redirectFormerAddress({ services, logError }, request);
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  const story = found.article;
  // Two stories to read next (SPEC.md §9, server/modules/articles/article-suggestions.ts).
  // Readers see a short text where the block would be when they fail; the log gets the error.
  const suggestions = suggestionsOf(context.get(appContext), story);
  const settings = await services.settings.get();
  // The reads below need only the article as found: they go to the database side by side.
  // A live blog's entries, live or ended (issue 25 item 1): a change to them refreshes this page.
  const isLive = story.liveBlog || story.liveStartedAt !== null;
  // Its corrections on the record (issue 43 item 3) came with it: a new one refreshes this page.
  const corrections = found.corrections;
  const [stored, { related, relatedFailed }, share, feed, trail, mostRead, comments] =
    await Promise.all([
      // Its body's images of ours as responsive pictures (docs/decisions/026).
      withResponsiveBody({ services, logError, mediaBase }, story),
      suggestions,
      shareImage({ services, publicUrl, mediaBase }, settings, {
        url: story.imageUrl,
        alt: story.imageAlt || story.name,
        image: story.image,
      }),
      // Its entries follow its body (issue 66 item 1): none on a page with the wall.
      isLive ? services.live.forPage(story._id, { walled: story.walled }) : null,
      // Its category after the one that holds it, if any (a city's state): the breadcrumb.
      story.category ? services.categories.trail(story.category._id) : [],
      // Readers' "Most read" (issue 38 item 5): refreshed when a new list is published.
      mostReadOf({ services, keep, logError }),
      // The first page of approved comments (issue 42): a change readers see refreshes this page.
      // Whether it takes comments comes from the story and the kept categories (no query).
      services.comments.forPage(story),
    ]);
  // Election blocks in its text and entries show the figures of now (issue 69 item 4).
  const { article, blog } = await storyWithEmbeds(context.get(appContext), stored, feed, settings);
  // The same story in its other languages, those published (its translation group, issue 27
  // item 5): its page links them all, and a change to any of them refreshes it.
  const translations = story.translations;
  // The article at this address, what its page shows of others (suggestions, its versions).
  keep(CacheTags.articlePage(story._id), ...cardTags([story, ...related]));
  for (const version of translations) keep(CacheTags.article(version._id));
  if (isLive) keep(CacheTags.live(story._id));
  // Comments that close some days after publication (issue 42 item 6): its kept copy, with
  // the form, is never served once they close.
  const { closeAfterDays } = settings.comments;
  if (comments.open && closeAfterDays > 0)
    keepUntil(new Date(Date.parse(story.publishedAt) + closeAfterDays * DAY_MS));
  keep(...trail.map((c) => CacheTags.category(c._id)));
  // The place it is about, for its NewsArticle (issue 65 item 3), named again when renamed.
  const place = await storyPlace(services, story);
  // The e-paper pages that printed it (issue 68 item 1); a box's or issue's change refreshes it.
  const inPrint = await printedIn(services, keep, story._id);
  if (place && story.primaryEdition) keep(CacheTags.editionNamed(story.primaryEdition));
  const page = {
    article,
    place,
    translations,
    related,
    relatedFailed,
    mostRead,
    settings,
    publicUrl,
    mediaBase,
    share,
    // A gift link's page (the story whole by its token) polls with the token (issue 66 item 1).
    live: blog
      ? {
          ...blog,
          timeZone: settings.timeZone,
          gift: story.walled ? undefined : giftTokenIn(request.url),
        }
      : null,
    trail,
    comments,
    corrections,
    inPrint,
    lang: article.language,
    // Its slots, labelled in the story's language; none on a story with `adsOff` (issue 39).
    ads: pageAds(
      settings.ads,
      interfaceFor(article.language).t.ads.label,
      article.language,
      article.adsOff || adsHiddenFor(settings.ads, reader),
    ),
    // The metered wall's markup, the same for everyone (issue 39 item 2).
    meter: settings.meter.freePerMonth > 0 ? settings.meter : null,
  };
  // A gift link's page, whatever its token, is never kept nor shared (issue 39 item 5).
  if (giftTokenIn(request.url) === undefined) return page;
  return data(page, { headers: { 'cache-control': 'private, no-store' } });
}

/** The e-paper pages that printed a story, each issue's tag kept (pulled back, it goes). */
async function printedIn(
  services: Pick<AppServices, 'epaper'>,
  keep: (...tags: string[]) => void,
  storyId: string,
) {
  const prints = await services.epaper.inPrint(storyId);
  keep(...prints.map((p) => CacheTags.epaperIssue(p.issueId)));
  return prints;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { article, translations, settings, publicUrl, mediaBase, share, live, trail } = loaderData;
  const { comments, corrections, place } = loaderData;
  const home = interfaceFor(settings.uiLanguage).t.nav.home;
  const url = `${publicUrl}${articlePath(article)}`;
  const alternates = hreflangLinks(
    {
      ...Object.fromEntries(translations.map((v) => [v.language, `${publicUrl}${v.path}`])),
      [article.language]: url,
    },
    settings.uiLanguage,
  );
  // Without its own meta description, the story's opening words say more than its title.
  const description =
    article.metaDescription ||
    htmlExcerpt(article.description, CARD_EXCERPT_LENGTH) ||
    article.name;
  return [
    ...pageMeta({
      settings,
      title: article.metaTitle || article.name,
      description,
      url,
      image: share,
      language: article.language,
      alternateLanguages: translations.map((v) => v.language),
      type: 'article',
      keywords: article.metaKeywords || interfaceFor(settings.uiLanguage).t.article.defaultKeywords,
    }),
    ...alternates.map(({ hreflang, href }) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: hreflang,
      href,
    })),
    // Other sites and chat apps embed the story from its oEmbed card (issue 41 item 5).
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/json+oembed',
      href: `${publicUrl}/oembed?url=${encodeURIComponent(url)}&format=json`,
      title: article.name,
    },
    // Discover and Top Stories may show the story's picture large (issue 25 item 4).
    { name: 'robots', content: 'max-image-preview:large' },
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    // Open Graph's article tags: the story's own tags (issue 26 item 5).
    ...article.tags.map((name) => ({ property: 'article:tag', content: name })),
    jsonLd(
      live
        ? liveBlogPosting({
            article,
            description,
            settings,
            publicUrl,
            mediaBase,
            entries: live.entries,
            comments,
            corrections,
            place,
          })
        : newsArticle({
            article,
            description,
            settings,
            publicUrl,
            mediaBase,
            comments,
            corrections,
            place,
          }),
    ),
    jsonLd(
      breadcrumbs(publicUrl, [
        ...categoryTrail(home, trail, settings.uiLanguage),
        { name: article.name, path: articlePath(article) },
      ]),
    ),
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  // The newsletters every page's footer offers (the root's, kept by its newsletters' tag): the
  // story offers them too, in the same bytes for every reader (issue 37 item 3).
  const newsletters = useRouteLoaderData<RootData>('root')?.newsletters ?? [];
  // A view is counted after the page is shown, without holding it up.
  useEffect(() => {
    void fetch(`/api/articles/${article._id}/view`, { method: 'POST', keepalive: true }).catch(
      () => {},
    );
  }, [article._id]);
  return <ArticleView {...loaderData} newsletters={newsletters} />;
}
