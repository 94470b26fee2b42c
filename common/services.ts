import { createContext } from 'react-router';
import type { AccessClass } from './article-access';
import type { CropRatio, Language } from './articles';
import type { ResponsiveImageInfo } from './media';
import type { ListAt, ListPage } from './list-keys';
import type { StaffLanguage } from './languages';
import type { Role } from './roles';
import type { Article, ArticleCard } from './schemas/articles';
import type { Tag } from './schemas/tags';
import type { BreakingNews } from './schemas/breaking';
import type { LiveEntry } from './schemas/live';
import type { CommentsPage } from './schemas/comments';
import type { Correction, CorrectionsPage } from './schemas/corrections';
import type { Category, CategoryFamily, CategoryMenu } from './schemas/categories';
import type { SearchResponse } from './schemas/search';
import type { Edition, EditionHome } from './schemas/editions';
import type { EpaperReads } from './epaper-services';
import type { CountingElection, ElectionPage, SeatPage } from './schemas/elections';
import type { Author, LinkState } from './schemas/users';
import type { SiteSettings } from './settings';

export interface CategoryPage {
  articles: ArticleCard[];
  totalArticles: number;
  currentPage: number;
  totalPages: number;
}

/**
 * What the React app may ask of the server, in process (STYLE.md §2). The server's composition
 * root implements it; loaders reach it only through `appContext`, never over HTTP. `bySlug`
 * throws an error with `statusCode: 404` when there is none; address lookups answer undefined.
 */
export interface AppServices {
  articles: {
    /** A story's corrections on the record, newest first (issue 43 item 3). */
    corrections(articleId: string): Promise<Correction[]>;
    /** One page of every correction of a public story, newest first (/corrections). */
    correctionsPage(page: number): Promise<CorrectionsPage>;
    /** Live blogs running now, newest first (the news home's slot, issue 25 item 1). */
    listLive(limit: number): Promise<ArticleCard[]>;
    /** A story's two suggestions to read next today, the same for every reader (SPEC.md §9). */
    suggestions(story: { _id: string; language: Language }): Promise<readonly ArticleCard[]>;
    /**
     * The newest `latestLimit` (else `limit`) articles, then the newest `limit` of each category
     * given (or of a category and those inside it, given as their ids together), in order.
     */
    listHomeSections(
      categoryIds: (string | string[])[],
      limit: number,
      latestLimit?: number,
    ): Promise<ArticleCard[][]>;
    categoryPage(categoryId: string, page: number, limit: number): Promise<CategoryPage>;
    /** One page of the published articles of these categories (one and those under it). */
    categoriesPage(categoryIds: string[], page: number, limit: number): Promise<CategoryPage>;
    /**
     * The newest `limit` stories readers may see in an edition (issue 65): a section of another
     * edition's page, or its top. Not counted: a national edition's count read half a million
     * stories on every city page at a million (docs/perf/scale.md).
     */
    editionCards(editionId: string, limit: number): Promise<ArticleCard[]>;
    /** An edition's curated lead (while public and in it) and sections' newest (issue 65). */
    editionHome(
      editionId: string,
      curated: { lead: string | null; sections: string[][] },
      limit: number,
    ): Promise<{ lead: ArticleCard | null; sections: ArticleCard[][] }>;
    /** One page of an author's published articles, newest first. */
    authorPage(authorId: string, page: number, limit: number): Promise<CategoryPage>;
    /**
     * Reading lists' pages by number or by key (docs/decisions/069): a category with those
     * inside it, an edition, an author, a tag.
     */
    categoryList(categoryIds: string[], at: ListAt, limit: number): Promise<ListPage<ArticleCard>>;
    editionList(editionId: string, at: ListAt, limit: number): Promise<ListPage<ArticleCard>>;
    authorList(authorId: string, at: ListAt, limit: number): Promise<ListPage<ArticleCard>>;
    tagList(tagId: string, at: ListAt, limit: number): Promise<ListPage<ArticleCard>>;
    /** A tag by its address (`/tag/{slug}`), or undefined (issue 26 item 5). */
    tagBySlug(slug: string): Promise<Tag | undefined>;
    /** One page of a tag's published articles, newest first. */
    tagPage(tagId: string, page: number, limit: number): Promise<CategoryPage>;
    /**
     * What readers find at /{segment}/{slug} (the one address resolver, also behind
     * `GET /api/articles/{category}/{slug}`): the published article, or the path it lives at
     * now, or null. The article comes with its corrections, newest first (issue 43 item 3).
     */
    resolve(
      segment: string,
      slug: string,
      /** Who reads (issue 39 item 3): a story this class may not read whole is walled. */
      reader?: AccessClass,
    ): Promise<
      | { article: Article; corrections: Correction[]; movedTo?: undefined }
      | { article?: undefined; movedTo: string }
      | null
    >;
    /** Whether `user` may change the article `id` (its author, or an editor and up). */
    editAccess(
      user: { _id: string; role: Role },
      id: string,
    ): Promise<'allowed' | 'forbidden' | 'missing'>;
    /** Current public paths ("/{category}/{slug}") of published articles, or undefined. */
    pathForLegacyId(legacyId: number): Promise<string | undefined>;
    pathForId(id: string): Promise<string | undefined>;
    /**
     * Current path of the published article an old site's address (a WordPress permalink,
     * `/?p=123`) was recorded for by an import, or undefined. Asked before a page answers 404.
     */
    pathForFormerAddress(pathname: string, search: string): Promise<string | undefined>;
    pathForSlug(slug: string): Promise<string | undefined>;
  };
  newsroom: {
    /** The article a signed preview link names, any status; throws once expired or deleted. */
    preview(token: string): Promise<Article>;
  };
  categories: {
    listHome(): Promise<Category[]>;
    listAll(): Promise<Category[]>;
    /** The readers' menu: the tree of categories with articles or on the home page. */
    menu(): Promise<CategoryMenu>;
    bySlug(slug: string): Promise<Category>;
    /** The category at `slug` with its parent and its children, or undefined. */
    familyBySlug(slug: string): Promise<CategoryFamily | undefined>;
    /** The category with its parent: what an article's breadcrumb names. */
    trail(id: string): Promise<Category[]>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
  };
  settings: {
    get(): Promise<SiteSettings>;
  };
  /** Editions (issue 65; server/modules/editions/README.md): the tree and its places. */
  editions: {
    /** Every edition, parents before children (what `GET /api/editions` answers). */
    list(): Promise<Edition[]>;
    /** The edition at `/local/{slugs…}` (`['rajasthan', 'jaipur']`); [] is the national one. */
    byPath(slugs: readonly string[]): Promise<Edition | undefined>;
    /** From the national edition down to `id`, itself last: an edition page's breadcrumb. */
    pathOf(id: string): Promise<Edition[]>;
    childrenOf(id: string): Promise<Edition[]>;
    /** The edition's home as its desk curated it: a lead's id and sections' category ids. */
    home(id: string): Promise<EditionHome>;
  };
  /** The e-paper's public issues (issue 67; common/epaper-services.ts). */
  epaper: EpaperReads;
  /** Elections (issue 69; server/modules/elections/README.md): what readers' pages show. */
  elections: {
    /**
     * An election's results page, whole or one state's (`uttar-pradesh`), with the tags of what
     * it shows; undefined when there is no such election or state.
     */
    resultsPage(slug: string, state?: string): Promise<ElectionPage | undefined>;
    /** Elections counted between two days (`YYYY-MM-DD`, both included), the soonest first. */
    counting(from: string, to: string): Promise<CountingElection[]>;
    /** A seat's page by its state's address and `77-varanasi`; undefined when none. */
    seatPage(slug: string, state: string, seat: string): Promise<SeatPage | undefined>;
  };
  newsletters: {
    /**
     * The active newsletters: every page's sign-up form lists them (issue 37 item 3); kept in
     * each process until a newsletter event.
     */
    offered(): Promise<{ _id: string; name: string; language: string }[]>;
  };
  analytics: {
    /**
     * Readers' "Most read" (issue 38 item 5): the list last published, most read first. A page
     * that shows it keeps CacheTags.mostRead, refreshed when a new list is published.
     */
    mostRead(): Promise<ArticleCard[]>;
    /** An edition's "Most read" from its own readers (issue 65; CacheTags.mostReadEdition). */
    editionMostRead(editionId: string): Promise<ArticleCard[]>;
  };
  breaking: {
    /** The breaking-news band every public page shows now, or null. */
    current(): Promise<BreakingNews | null>;
    /** An edition's own band, which its page shows under the national one, or null. */
    forEdition(editionId: string): Promise<BreakingNews | null>;
  };
  comments: {
    /**
     * A story's first page of approved comments as its page shows them (issue 42), and whether
     * it takes comments now.
     */
    forPage(
      story: Pick<Article, '_id' | 'publishedAt' | 'commentsOpen' | 'category'>,
    ): Promise<CommentsPage & { open: boolean }>;
  };
  live: {
    /**
     * A live blog's newest entries as its page shows them (issue 25 item 1): none on a page
     * whose body is walled (issue 66 item 1).
     */
    forPage(
      articleId: string,
      opts: { walled: boolean },
    ): Promise<{ entries: LiveEntry[]; updatedAt: string; walled: boolean }>;
  };
  media: {
    /**
     * An upload's crop in `ratio` (16:9 when not said), else the upload itself, with its size;
     * undefined for an address that is not an upload on this site.
     */
    imageForSharing(
      url: string,
      ratio?: CropRatio,
    ): Promise<{ url: string; width: number; height: number } | undefined>;
    /** The size and variants of the upload at this address on our site, else null. */
    imageForUrl(url: string | null | undefined): Promise<ResponsiveImageInfo | null>;
    /** The same for several uploads by id (`mediaIdOfUrl`); unknown ids are left out. */
    imagesByIds(ids: string[]): Promise<Map<string, ResponsiveImageInfo>>;
  };
  users: {
    /** A writer's public profile by their page's slug, or undefined (readers have no page). */
    authorBySlug(slug: string): Promise<Author | undefined>;
    /** Anyone's public profile by id (what /profile lets them edit), or undefined. */
    profileOf(id: string): Promise<Author | undefined>;
    /** What an invitation link is (its page, /invite/{token}): open, used, expired or unknown. */
    invitation(token: string): Promise<LinkState<{ name: string; email: string; role: Role }>>;
    /** Whether review mail reaches the user (/profile's switch, issue 26 item 8). */
    reviewMailOf(id: string): Promise<boolean>;
    /** The back office's language the user chose on /profile; null: the site's (issue 36). */
    uiLanguageOf(id: string): Promise<StaffLanguage | null>;
    /** Whether the account has a password: /profile deletes it with that, else a mailed code. */
    hasPassword(id: string): Promise<boolean>;
    /** What a password-reset link is (its page, /reset/{token}). */
    passwordReset(token: string): Promise<LinkState<null>>;
    /** How many accounts can sign in: none, and /signup says the next one runs the site. */
    accounts(): Promise<number>;
    /** Whether the user has a second factor on, codes or a passkey (issue 40: the policy asks). */
    hasSecondFactor(id: string): Promise<boolean>;
    /** Whether the user has authenticator codes on (/profile's two-step section). */
    totpOn(id: string): Promise<boolean>;
    /** Whether authenticator codes can be turned on here (the server has SECRETS_KEY's key). */
    secondFactorsAvailable(): boolean;
    /** How many unused recovery codes the user has. */
    recoveryCodesLeftOf(id: string): Promise<number>;
  };
  search: {
    /** Published articles matching `q` (common/search/search-text.ts), best first. */
    search(request: {
      q: string;
      page: number;
      limit: number;
      language?: Language | undefined;
    }): Promise<SearchResponse>;
  };
  pages: {
    /** A static page's stored text (sanitised HTML), or undefined: the built-in text shows. */
    get(slug: string): Promise<{ title: string; body: string } | undefined>;
  };
  gifts: {
    /** The story a gift link at `url` may open (issue 39 item 5), or undefined: no database. */
    articleAt(url: string): string | undefined;
    /** The story a gift link at `url` opens now (given and not stopped since), or undefined. */
    opens(url: string): Promise<string | undefined>;
  };
}

/** The signed-in user as pages see them (from the session cookie). */
export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface AppContext {
  services: AppServices;
  /** The signed-in user of this request, or null. */
  user(): Promise<SessionUser | null>;
  /**
   * The reader's entitlement class (issue 39 item 3): what a shared page is made for. `none` for
   * anonymous readers and readers without a membership; pages differ by class, never by person.
   */
  accessClass(): Promise<AccessClass>;
  /**
   * Ends this request's session on the server (its token is refused from now on). False, and
   * nothing ended, when the request came from another site (docs/decisions/014).
   */
  signOut(): Promise<boolean>;
  /**
   * The request's log: a loader that shows readers a short text in place of a failed block
   * records the real error here (never on the page).
   */
  /**
   * Records what the page shows (common/cache-tags.ts): its kept copy is refreshed when any of
   * these changes, and only then (docs/decisions/029). Every loader of a public page says what
   * it read.
   */
  keep(...tags: string[]): void;
  /**
   * The page's kept copy is never served from `at` on, whatever changes meanwhile: what it
   * shows ends then (a story's comment form when its comments close, issue 42 item 6).
   */
  keepUntil(at: Date): void;
  logError(error: unknown, what: string): void;
  /**
   * The nonce of this response's Content-Security-Policy, for React Router's inline scripts.
   * Only a page that runs them asks: asking puts the nonce in the policy and keeps the page out
   * of every shared cache (docs/decisions/025). Undefined where there is no CSP (development).
   */
  cspNonce(): string | undefined;
  publicUrl: string;
  /** MEDIA_PUBLIC_URL: where pages link uploads (the bucket or its CDN); unset: /media/ here. */
  mediaBase?: string | undefined;
  /**
   * The address of the reading pages' own small script (app/reader/main.ts): built with the
   * client, named in build/client/reader-manifest.json; served from source in development.
   */
  readerScript: string;
  /**
   * The reading pages' built stylesheet (app/styles/reader.css, purged), read once at start: their
   * documents carry it in a `<style>` element (docs/decisions/028). Undefined in development.
   */
  readerStyles?: string;
}

/**
 * The router context key. The server reads it from the server build's entry module
 * (`entry.server.tsx` re-exports it) so both sides use the very same key object.
 */
export const appContext = createContext<AppContext>();

/** True for the not-found errors services throw. */
export const isNotFound = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { statusCode?: unknown }).statusCode === 404;
