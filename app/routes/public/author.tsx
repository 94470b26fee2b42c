import { sentMediaUrl } from '../../../common/media';
import { FollowButton } from '../../components/reader-buttons';
import { data } from 'react-router';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import { authorPath, SERVER_SEGMENTS } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { CardList } from '../../components/card-list';
import { ListNav } from '../../components/list-nav';
import { ResponsivePicture } from '../../components/responsive-picture';
import {
  ensureListPage,
  hereOf,
  listAtOrNotFound,
  listHref,
  pageSuffix,
} from '../../features/lists/reading-list';
import { interfaceFor, useInterface } from '../../copy/language';
import { cardTexts, devanagariPreload } from '../../features/seo/font-preload';
import { absoluteUrl, pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/author';

/** An author's page (DECISIONS.md §14): photo, bio and their published stories, paged. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, logError, keep, mediaBase } = context.get(appContext);
  const author = await services.users.authorBySlug(params.slug);
  if (!author) throw data(null, { status: 404, statusText: 'Not Found' });
  const at = listAtOrNotFound(request);
  const [list, settings] = await Promise.all([
    services.articles.authorList(author._id, at, CATEGORY_PAGE_SIZE),
    services.settings.get(),
  ]);
  // A page past the end does not exist (an author without stories still has page 1).
  ensureListPage(list, authorPath(author.slug));
  const share = await shareImage({ services, publicUrl, mediaBase }, settings, {
    url: author.photoUrl,
    alt: interfaceFor(settings.uiLanguage).t.author.photoAlt(author.name),
    ratio: '1x1',
  });
  // The photo's variants, when it is an upload here.
  const photo = await services.media.imageForUrl(author.photoUrl).catch((error: unknown) => {
    logError(error, `the photo of author ${author._id} could not be looked up`);
    return null;
  });
  keep(CacheTags.author(author._id), CacheTags.authorList(author._id), ...cardTags(list.articles));
  return { author, photo, list, here: hereOf(list, at), settings, publicUrl, mediaBase, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { author, list, here, settings, publicUrl, mediaBase, share } = loaderData;
  const shown = interfaceFor(settings.uiLanguage);
  const { t } = shown;
  const base = `${publicUrl}${authorPath(author.slug)}`;
  const url = listHref(base, here);
  const suffix = pageSuffix(list, shown);
  const ofPage = (text: string) => (suffix ? `${text} (${suffix})` : text);
  const photo = author.photoUrl
    ? absoluteUrl(publicUrl, sentMediaUrl(author.photoUrl, mediaBase))
    : undefined;
  const description = author.bio || t.author.description(author.name, settings.siteName);
  return [
    ...pageMeta({
      settings,
      title: ofPage(author.name),
      description: ofPage(description),
      url,
      image: share,
      type: 'profile',
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      href: `${base}/${SERVER_SEGMENTS.feed}`,
      title: author.name,
    },
    // Google reads an author page as a ProfilePage about a Person.
    jsonLd({
      '@type': 'ProfilePage',
      url,
      mainEntity: {
        '@type': 'Person',
        name: author.name,
        url: base,
        ...(author.bio ? { description: author.bio } : {}),
        ...(photo ? { image: photo } : {}),
      },
    }),
    // Hindi stories on a page written in Latin letters: the Devanagari face at once.
    ...devanagariPreload(settings.uiLanguage, [author.name, ...cardTexts(list.articles)]),
  ];
};

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, photo, list } = loaderData;
  const { t, lang } = useInterface();
  const path = authorPath(author.slug);
  return (
    <main id="main" className="container py-4">
      <header className="d-flex flex-wrap align-items-center gap-4 mb-4">
        {author.photoUrl && (
          <ResponsivePicture
            url={author.photoUrl}
            image={photo}
            sizes="120px"
            // 120 px at three device pixels a CSS pixel: the 400 px variant.
            fallbackWidth={400}
            fallbackSize={{ width: 120, height: 120 }}
            alt={t.author.photoAlt(author.name)}
            className="author-photo rounded-circle object-fit-cover"
          />
        )}
        <div>
          <h1>{author.name}</h1>
          <FollowButton kind="author" target={author._id} />
          {author.bio && <p className="lead mb-0">{author.bio}</p>}
        </div>
      </header>
      <h2 className="h4 section-title" lang={lang}>
        {t.author.articles(author.name)}
      </h2>
      <CardList articles={list.articles} empty={t.author.empty} lang={lang} />
      <ListNav list={list} path={path} />
    </main>
  );
}
