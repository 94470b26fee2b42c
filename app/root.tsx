import { MediaBase } from './components/media-base';
import devanagari400Href from '@fontsource/noto-sans-devanagari/devanagari-400.css?url';
import devanagari700Href from '@fontsource/noto-sans-devanagari/devanagari-700.css?url';
import latin400Href from '@fontsource/noto-sans/latin-400.css?url';
import latin700Href from '@fontsource/noto-sans/latin-700.css?url';
import bootstrapHref from 'bootstrap/dist/css/bootstrap.min.css?url';
import { useContext, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import toastifyHref from 'react-toastify/dist/ReactToastify.css?url';
import { isLanguage } from '../common/languages';
import { hydrates } from '../common/page-handle';
import { PAGE_SEGMENTS, SERVER_SEGMENTS } from '../common/paths';
import { appContext } from '../common/services';
import { CacheTags } from '../common/cache-tags';
import { relativeWords } from '../common/relative-time';
import type { Route } from './+types/root';
import { GeneralErrorBoundary } from './components/error-boundary';
import { copy } from './copy/en';
import { hiCopy } from './copy/hi';
import { interfaceFor, InterfaceLanguage } from './copy/language';
import { ReaderStyles } from './reader-styles';
import { pageFontHref } from './features/seo/font-preload';
import type { UiLanguage } from '../common/settings';
import appStylesHref from './styles/app.css?url';
import readerStylesHref from './styles/reader.css?url';

export const links: Route.LinksFunction = () => [
  // Made by the server from the logo in the settings (server/modules/seo/site-icons.ts).
  { rel: 'icon', href: `/${SERVER_SEGMENTS.favicon}`, sizes: '48x48' },
  { rel: 'apple-touch-icon', href: `/${SERVER_SEGMENTS.appleTouchIcon}` },
  { rel: 'manifest', href: `/${SERVER_SEGMENTS.manifest}` },
  // Browsers offer the site's search in their address bar (server/modules/search).
  {
    rel: 'search',
    type: 'application/opensearchdescription+xml',
    href: `/${SERVER_SEGMENTS.openSearch}`,
    title: copy.nav.searchLabel,
  },
  { rel: 'alternate', type: 'application/rss+xml', href: `/${SERVER_SEGMENTS.feed}`, title: 'RSS' },
];

/** What every page needs: the settings, the menu's categories and who is signed in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, publicUrl, keep, mediaBase } = context.get(appContext);
  // Every page shows the settings (the header, the footer) and the menu's categories.
  // And the breaking-news band, or its absence (issue 25 item 2); a page is never lost to it.
  // And the newsletters its footer's sign-up form offers (issue 37 item 3).
  keep(CacheTags.settings, CacheTags.categories, CacheTags.breaking, CacheTags.newsletters);
  const [settings, menu, signedIn, breaking, newsletters] = await Promise.all([
    services.settings.get(),
    services.categories.menu().catch(() => null),
    user(),
    services.breaking.current().catch((error: unknown) => {
      context.get(appContext).logError(error, 'reading the breaking-news band');
      return null;
    }),
    services.newsletters.offered().catch((error: unknown) => {
      context.get(appContext).logError(error, 'reading the newsletters');
      return [];
    }),
  ]);
  // The band links its story at the story's address: it follows the story when that moves.
  if (breaking?.articleId) keep(CacheTags.article(breaking.articleId));
  // The menu lists the categories with articles (issue 26 item 6): the first article of one
  // it leaves out puts it in, so the page is made again then.
  if (menu) keep(...menu.unlisted.map(CacheTags.categoryList));
  return {
    settings,
    categories: menu?.sections ?? null,
    breaking,
    newsletters: newsletters.map(({ _id, name }) => ({ _id, name })),
    user: signedIn,
    publicUrl,
    mediaBase,
    year: new Date().getFullYear(),
    readerScript: context.get(appContext).readerScript,
  };
}

export type { PageHandle } from '../common/page-handle';

/** Whether this page runs React in the browser: in the browser, React only runs when it does. */
function useHydrated(): boolean {
  const matches = useMatches();
  return typeof document !== 'undefined' || matches.some((m) => hydrates(m.handle));
}

/** The styles an app page loads: all of Bootstrap, the toasts, our own, the font faces. */
function AppStyles() {
  return (
    <>
      {[latin400Href, latin700Href, devanagari400Href, devanagari700Href].map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      <link rel="stylesheet" href={bootstrapHref} />
      <link rel="stylesheet" href={toastifyHref} />
      <link rel="stylesheet" href={appStylesHref} />
    </>
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * The layouts whose pages speak the interface language of the settings: the public pages and
 * the back office (DECISIONS.md §18).
 */
const INTERFACE_LAYOUTS = new Set(['routes/public/layout', 'routes/admin/layout']);

/**
 * The page language: the deepest route that names one (an article's), else the interface
 * language (setting `uiLanguage`).
 */
function usePageLanguage(): UiLanguage {
  const matches = useMatches();
  const ui = useInterfaceLanguage();
  for (let i = matches.length - 1; i >= 0; i--) {
    const lang = (matches[i]?.data as { lang?: unknown } | undefined)?.lang;
    if (isLanguage(lang)) return lang;
  }
  return ui;
}

/**
 * The interface language: the setting's on public and back-office pages (when the root loader
 * could read the settings), English when it could not. The back office's layout names its
 * user's own language (issue 36 item 8), which wins there.
 */
function useInterfaceLanguage(): UiLanguage {
  const matches = useMatches();
  const root = matches[0]?.data as RootData | undefined;
  const layout = matches.find((m) => INTERFACE_LAYOUTS.has(m.id));
  if (!layout) return 'en';
  const own = (layout.data as { lang?: unknown } | undefined)?.lang;
  return isLanguage(own) ? own : (root?.settings.uiLanguage ?? 'en');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = usePageLanguage();
  const ui = useInterfaceLanguage();
  const hydrate = useHydrated();
  const root = useRouteLoaderData<RootData>('root');
  const inlineStyles = useContext(ReaderStyles);
  return (
    <html lang={lang} data-signed-in={root?.user ? 'true' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* One font file is preloaded: the one the page's own language is written in. */}
        <link
          rel="preload"
          href={pageFontHref(lang)}
          as="font"
          type="font/woff2"
          crossOrigin="anonymous"
        />
        {hydrate ? (
          <AppStyles />
        ) : inlineStyles ? (
          // In the document itself: no render-blocking request before the first paint (ADR 028).
          <style dangerouslySetInnerHTML={{ __html: inlineStyles }} />
        ) : (
          <link rel="stylesheet" href={readerStylesHref} />
        )}
        <Links />
      </head>
      {/* A reading page's words for "2 hours ago" (common/relative-time.ts): no Intl in its script. */}
      <body data-ago={hydrate ? undefined : relativeWords(interfaceFor(ui).locale)}>
        <MediaBase.Provider value={root?.mediaBase}>{children}</MediaBase.Provider>
        {hydrate ? (
          <>
            <ToastContainer
              aria-label={interfaceFor(ui).t.nav.notifications}
              position="bottom-center"
              limit={1}
              transition={Slide}
              newestOnTop
              autoClose={4000}
              // Its injected <style> goes after the head's <meta charset>, which HTML wants in
              // the first 1024 bytes (the Nu HTML checker reads the live DOM: issue 22 item 4).
              appendStyleSheet
            />
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          root?.readerScript && <script type="module" src={root.readerScript} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has hydrated it; the browser tests wait for this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/**
 * A public page when the root loader failed (no settings, so no interface language to read):
 * the apology in both languages, each part marked with its own `lang` (docs/decisions/018).
 * English first: it is the default interface and the page's `<html lang>`.
 */
function BilingualError({ status }: { status: number }) {
  const [en, hi] = [copy, hiCopy].map((t) =>
    status === 404
      ? { title: t.notFound.heading, body: t.notFound.body }
      : { title: t.errors.title, body: t.errors.body },
  ) as [{ title: string; body: string }, { title: string; body: string }];
  return (
    <main id="main" className="container py-5 text-center">
      <h1>
        <span lang="en">{en.title}</span>
        <br />
        <span lang="hi">{hi.title}</span>
      </h1>
      <p lang="en">{en.body}</p>
      <p lang="hi">{hi.body}</p>
      <a href="/" className="btn btn-primary">
        <span lang="en">{copy.notFound.home}</span> / <span lang="hi">{hiCopy.notFound.home}</span>
      </a>
    </main>
  );
}

/** Errors no area caught (the root's own loader failed): the same views, without chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const shortName = data?.settings.shortName ?? 'Patrika';
  // The settings' interface language when the root loader read them; English when it failed.
  const lang = useInterfaceLanguage();
  const { t } = interfaceFor(lang);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // No settings on a public page: its interface language is unknown, so both are said. The
  // back office without settings is English.
  if (!data && !pathname.startsWith(`/${PAGE_SEGMENTS.admin}`)) {
    const en = status === 404 ? copy.notFound.title : copy.errors.title;
    const hi = status === 404 ? hiCopy.notFound.title : hiCopy.errors.title;
    return (
      <>
        <title>{`${shortName} | ${en} / ${hi}`}</title>
        <BilingualError status={status} />
      </>
    );
  }
  const title =
    lang === 'en'
      ? isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : copy.errors.title
      : status === 404
        ? t.notFound.title
        : t.errors.title;
  return (
    <InterfaceLanguage lang={lang}>
      <title>{`${shortName} | ${title}`}</title>
      <GeneralErrorBoundary />
    </InterfaceLanguage>
  );
}
