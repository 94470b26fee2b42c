import { createContext } from 'react-router';
import type { Role } from './roles';
import type { Article, ArticleCard } from './schemas/articles';
import type { Category } from './schemas/categories';
import type { SiteSettings } from './settings';

export interface CategoryPage {
  articles: ArticleCard[];
  totalArticles: number;
  currentPage: number;
  totalPages: number;
}

/**
 * What the React app may ask of the server, in process (STYLE.md §2). The server's composition
 * root implements it; loaders reach it only through `appContext`, never over HTTP. Lookups of
 * one thing throw an error with `statusCode: 404` when it does not exist.
 */
export interface AppServices {
  articles: {
    listLatest(limit: number): Promise<ArticleCard[]>;
    listByCategory(categoryId: string | undefined, limit: number): Promise<ArticleCard[]>;
    listRandom(limit: number, excludeId?: string): Promise<ArticleCard[]>;
    categoryPage(categoryId: string, page: number, limit: number): Promise<CategoryPage>;
    byAddress(categorySlug: string, slug: string): Promise<Article>;
    newUrlForLegacyId(legacyId: number): Promise<string>;
    newUrlForId(id: string): Promise<string | undefined>;
    newUrlForSlug(slug: string): Promise<string>;
    newUrlForFormerAddress(categorySlug: string, slug: string): Promise<string | undefined>;
  };
  categories: {
    listHome(): Promise<Category[]>;
    listAll(): Promise<Category[]>;
    bySlug(slug: string): Promise<Category>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
  };
  settings: {
    get(): Promise<SiteSettings>;
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
  /** Nonce of this response's Content-Security-Policy, for React Router's inline scripts. */
  cspNonce: string | undefined;
  publicUrl: string;
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
