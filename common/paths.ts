import { BEFORE_PARAM } from './list-keys';
import { SERVICE_WORKER_FILE } from './reader-build';
import { slugify } from './slug';

/*
 * The site's address rules, in one place. Every public path of an article is built by
 * `articlePath`; every first path segment a page or the server answers is named here, and the
 * segments a category may not take (DECISIONS.md §5) are derived from the same names.
 */

/**
 * The first segment of an article without a category (SPEC.md §9: "/{category slug, or
 * "general" if none}/{slug}"). Reserved, so no category can share its articles' addresses.
 */
export const UNCATEGORISED_SEGMENT = 'general';

/** First path segments of the React Router pages (app/routes.ts uses these names). */
export const PAGE_SEGMENTS = {
  admin: 'admin',
  aboutUs: 'about-us',
  contactUs: 'contact-us',
  privacyPolicy: 'privacy-policy',
  disclaimer: 'disclaimer',
  login: 'login',
  signup: 'signup',
  logout: 'logout',
  profile: 'profile',
  category: 'category',
  /** /articles/{old number}: SPEC.md §2 old-article redirect. */
  legacyArticle: 'articles',
  /** /article/{slug}: SPEC.md §2 slug redirect. */
  slugRedirect: 'article',
  notFound: '404',
  search: 'search',
  /** /author/{slug}: an author's page (DECISIONS.md §14). */
  author: 'author',
  /** /preview/{signed token}: an unpublished article as readers will see it (DECISIONS.md §11). */
  preview: 'preview',
  /** /invite/{token}: a person invited to the staff sets a password (issue 26 item 8). */
  invite: 'invite',
  /** /reset: ask for a password-reset link; /reset/{token}: choose a new password. */
  reset: 'reset',
  /** /tag/{slug}: a tag's articles (issue 26 item 5). */
  tag: 'tag',
  /** /corrections: every correction on the record, newest first (issue 43 item 3). */
  corrections: 'corrections',
  /** /plans: the memberships readers may buy (issue 39 item 4). */
  plans: 'plans',
  /** /local/{state}/{city}/{town}: an edition's own home (issue 65 item 3). */
  local: 'local',
  /** /epaper/{edition}/{date}/{page}: the printed edition, page by page (issue 67 item 3). */
  epaper: 'epaper',
  /** /elections/{slug}: an election's results, its states, seats, map and embeds (issue 69). */
  elections: 'elections',
} as const;

/** The static pages (SPEC.md §2); an import may give them a stored text. */
export const STATIC_PAGE_SLUGS = [
  PAGE_SEGMENTS.aboutUs,
  PAGE_SEGMENTS.contactUs,
  PAGE_SEGMENTS.privacyPolicy,
  PAGE_SEGMENTS.disclaimer,
] as const;

/** First path segments Fastify answers before React Router (API, build output, uploads). */
export const SERVER_SEGMENTS = {
  api: 'api',
  assets: 'assets',
  media: 'media',
  sitemap: 'sitemap.xml',
  newsSitemap: 'news-sitemap.xml',
  /** The XSL stylesheet that shows the sitemaps to a person as tables. */
  sitemapStyle: 'sitemap.xsl',
  robots: 'robots.txt',
  feed: 'feed.xml',
  metrics: 'metrics',
  favicon: 'favicon.ico',
  appleTouchIcon: 'apple-touch-icon.png',
  manifest: 'manifest.webmanifest',
  openSearch: 'opensearch.xml',
  /** The service worker that shows push alerts (app/reader/service-worker.ts), at the root for its scope. */
  serviceWorker: SERVICE_WORKER_FILE,
  /** oEmbed cards of articles for other sites' embeds (issue 41 item 5). */
  oembed: 'oembed',
  /** Newsletters' confirm, preferences and issue pages (issue 37 item 3). */
  newsletters: 'newsletters',
  /** The fediverse's actors, inboxes and objects, and NodeInfo (issue 41 item 4). */
  activityPub: 'ap',
  nodeInfo: 'nodeinfo',
  /** Sellers of the site's ad space (IAB Tech Lab's ads.txt and app-ads.txt; issue 39). */
  adsTxt: 'ads.txt',
  appAdsTxt: 'app-ads.txt',
  /** A house ad's click, counted on its way to the ad's link (`/ads/click/{id}`). */
  ads: 'ads',
} as const;

/**
 * Words kept free for pages to come and for words readers expect a site to own (a category
 * called "Search" would shadow the search page the day it lands).
 */
const KEPT_FOR_LATER = [
  'account',
  'auth',
  'authors',
  'categories',
  'dashboard',
  'feed',
  'rss',
  'signin',
  'signout',
  'sitemap',
  'static',
  'tags',
  'user',
  'users',
];

/** First path segments a category slug may not take (DECISIONS.md §5). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  UNCATEGORISED_SEGMENT,
  ...Object.values(PAGE_SEGMENTS),
  ...Object.values(SERVER_SEGMENTS),
  ...KEPT_FOR_LATER,
]);

/** What an article's address is made of: its slug and its category's slug, if it has one. */
export type Addressable =
  | { slug: string; category: { slug: string } | null }
  | { slug: string; categorySlug: string | null };

/** The segment an article's category gives its address. */
export const categorySegment = (categorySlug: string | null | undefined) =>
  categorySlug || UNCATEGORISED_SEGMENT;

/**
 * The public path of an article, "/{category slug}/{slug}" (SPEC.md §2), or under
 * UNCATEGORISED_SEGMENT without a category. The only place that builds it: cards, pages,
 * sitemaps, feeds, JSON-LD and the API's `newUrl` all call this.
 */
export function articlePath(article: Addressable): string {
  const slug = 'categorySlug' in article ? article.categorySlug : article.category?.slug;
  return `/${categorySegment(slug)}/${article.slug}`;
}

/** The public path of a category's page. */
export const categoryPath = (slug: string) => `/${PAGE_SEGMENTS.category}/${slug}`;
export const previewPath = (token: string) => `/${PAGE_SEGMENTS.preview}/${token}`;
export const invitePath = (token: string) => `/${PAGE_SEGMENTS.invite}/${token}`;
export const resetPath = (token?: string) =>
  token ? `/${PAGE_SEGMENTS.reset}/${token}` : `/${PAGE_SEGMENTS.reset}`;

/**
 * The public path of a tag's page, from its name: the tag's stored slug is made by the same
 * slug rules when the tag is first used (server/modules/articles/tags-repository.ts).
 */
export const tagPath = (name: string) => tagSlugPath(slugify(name));
/** The same, from the tag's stored slug. */
export const tagSlugPath = (slug: string) => `/${PAGE_SEGMENTS.tag}/${slug}`;

/**
 * The public path of an edition's page from its slugs below the national edition
 * (`['rajasthan', 'jaipur']` → `/local/rajasthan/jaipur`); none is the national home, `/`.
 */
export const editionPath = (slugs: readonly string[]) =>
  slugs.length ? `/${PAGE_SEGMENTS.local}/${slugs.join('/')}` : '/';

/** An election's results page (issue 69 item 4), or one state's (`uttar-pradesh`). */
export const electionPath = (slug: string, state?: string) =>
  `/${PAGE_SEGMENTS.elections}/${slug}${state ? `/${state}` : ''}`;
/** A seat's page: its state's address, then its number and English name (`77-varanasi`). */
export const electionSeatPath = (
  slug: string,
  state: string,
  seat: { number: number; name: { en: string } },
) => `${electionPath(slug, state)}/${seat.number}-${slugify(seat.name.en) || 'seat'}`;
/** Where a reader's browser follows a seat, after the page loaded (issue 69 item 4). */
export const electionFollowPath = (slug: string, seatId: string) =>
  `/${SERVER_SEGMENTS.api}/${PAGE_SEGMENTS.elections}/${slug}/seats/${seatId}/follow`;
/** The map of an election, or of one state, as one SVG drawn on the server. */
export const electionMapPath = (slug: string, state?: string) =>
  `${electionPath(slug, state)}/map.svg`;
/**
 * What an article's election block shows, loaded after the page (issue 69 item 4): the tally
 * (`tally`), a state (`state-S24`) or a seat (`seat-{id}`), in a language.
 */
export const electionEmbedPath = (slug: string, language: string, show: string) =>
  `/${PAGE_SEGMENTS.elections}/${slug}/embed/${language}/${show}`;

/** The public path of an author's page (the byline links here). */
export const authorPath = (slug: string) => `/${PAGE_SEGMENTS.author}/${slug}`;

/** A live blog's entries as JSON (issue 25 item 1): the route, the desk and open pages ask it. */
export const liveFeedPath = (articleId: string) =>
  `/${SERVER_SEGMENTS.api}/articles/${articleId}/live`;
/** A story's comments (issue 42): the public list, and where a reader posts one. */
export const articleCommentsPath = (articleId: string) =>
  `/${SERVER_SEGMENTS.api}/articles/${articleId}/comments`;
/** The comments' own calls: one comment (`/{id}`), the moderators' queue and bulk moderation. */
export const COMMENTS_API = `/${SERVER_SEGMENTS.api}/comments`;
/** liveFeedPath of any article id, with or without a query: the page cache keeps these. */
export const LIVE_FEED_PATTERN = new RegExp(
  `^${liveFeedPath('[0-9a-f-]{36}').replaceAll('/', '\\/')}(?:\\?|$)`,
);

/**
 * Query parameters by which WordPress addresses a post, a page or an attachment
 * (`/?p=123`, `/?page_id=2`): the only parts of a query that make a former address.
 */
const FORMER_QUERY_KEYS = ['p', 'page_id', 'attachment_id'] as const;

/**
 * The query parameters public pages read; any other (`utm_source`, `fbclid`) changes nothing.
 * `before` is a reading list's key page (common/list-keys.ts, docs/decisions/069).
 */
export const PAGE_QUERY_KEYS = ['page', BEFORE_PARAM, 'q', ...FORMER_QUERY_KEYS] as const;

/** Sub-delimiters, ":" and "@" may stand unescaped in a path segment (RFC 3986 §3.3). */
const PATH_SAFE_ESCAPES = /%(24|26|2B|2C|3A|3B|3D|40)/g;

/**
 * One segment spelled canonically: decoded, ASCII letters lower-cased (never other scripts),
 * then encoded again as UTF-8 with upper-case hex, which is how browsers send a Hindi slug.
 * An escaped "/" (%2F) stays escaped, so segments keep their boundaries.
 */
function canonicalSegment(segment: string): string {
  const lower = decodeURIComponent(segment).replace(/[A-Z]+/g, (s) => s.toLowerCase());
  return encodeURIComponent(lower).replace(PATH_SAFE_ESCAPES, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

const withoutExtraSlashes = (path: string) => path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/**
 * The one spelling of a path (DECISIONS.md §14): no doubled or trailing slashes, lower-case
 * ASCII letters and uniform percent-encoding. `undefined` when the path holds a malformed
 * escape (nothing can be said about what it means).
 */
export function canonicalPath(pathname: string): string | undefined {
  const path = withoutExtraSlashes(pathname);
  try {
    return path.split('/').map(canonicalSegment).join('/');
  } catch {
    return undefined;
  }
}

/**
 * The stored form of a former address from an old site (table `article_former_paths`): the
 * canonical path (`canonicalPath`), `/index.php` read as `/`, plus only the query parameters
 * that name a post. Readers' variants (`/Slug/`, `/slug`, `?p=1&utm_source=x`) meet the same
 * key, the one the canonical redirect leaves them at.
 */
export function formerPathKey(pathname: string, search = ''): string {
  let path = canonicalPath(pathname) ?? withoutExtraSlashes(pathname);
  if (path === '/index.php' || path === '') path = '/';
  const params = new URLSearchParams(search);
  const kept = FORMER_QUERY_KEYS.filter((k) => params.has(k)).map(
    (k) => `${k}=${encodeURIComponent(params.get(k) ?? '')}`,
  );
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** True when a query names an old site's post (so the home page asks for a former address). */
export const namesFormerPost = (search: string) => {
  const params = new URLSearchParams(search);
  return FORMER_QUERY_KEYS.some((k) => params.has(k));
};

/** The calls that set up second factors (issue 40 item 1): `/api/me/2fa/…`. */
export const TWO_FACTOR_PATH = `/${SERVER_SEGMENTS.api}/me/2fa`;
/** The signed-in person's passkeys (issue 40 item 2): `/api/me/passkeys…`. */
export const PASSKEYS_PATH = `/${SERVER_SEGMENTS.api}/me/passkeys`;
/**
 * Where a person sets up two-step sign-in: their profile's section, where the back office
 * sends anyone whom the policy asks for a second factor until they have one (issue 40 item 3).
 */
export const TWO_STEP_SETUP_PATH = `/${PAGE_SEGMENTS.profile}#two-step`;
