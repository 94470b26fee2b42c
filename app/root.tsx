import devanagari400Href from '@fontsource/noto-sans-devanagari/devanagari-400.css?url';
import devanagari700Href from '@fontsource/noto-sans-devanagari/devanagari-700.css?url';
import devanagariFontHref from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import latin400Href from '@fontsource/noto-sans/latin-400.css?url';
import latin700Href from '@fontsource/noto-sans/latin-700.css?url';
import bootstrapHref from 'bootstrap/dist/css/bootstrap.min.css?url';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { Slide, ToastContainer } from 'react-toastify';
import toastifyHref from 'react-toastify/dist/ReactToastify.css?url';
import { SERVER_SEGMENTS } from '../common/paths';
import { appContext } from '../common/services';
import type { Route } from './+types/root';
import { GeneralErrorBoundary } from './components/error-boundary';
import { copy } from './copy/en';
import appStylesHref from './styles/app.css?url';

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
  // Self-hosted faces (no third-party font host); the Devanagari one is preloaded because most
  // pages carry Hindi text, so it does not swap in late.
  {
    rel: 'preload',
    href: devanagariFontHref,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous',
  },
  { rel: 'stylesheet', href: latin400Href },
  { rel: 'stylesheet', href: latin700Href },
  { rel: 'stylesheet', href: devanagari400Href },
  { rel: 'stylesheet', href: devanagari700Href },
  { rel: 'stylesheet', href: bootstrapHref },
  { rel: 'stylesheet', href: toastifyHref },
  { rel: 'stylesheet', href: appStylesHref },
  { rel: 'alternate', type: 'application/rss+xml', href: '/feed.xml', title: 'RSS' },
];

/** What every page needs: the settings, the navigation categories and who is signed in. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, user, publicUrl } = context.get(appContext);
  const [settings, categories, signedIn] = await Promise.all([
    services.settings.get(),
    services.categories.listHome().catch(() => null),
    user(),
  ]);
  return { settings, categories, user: signedIn, publicUrl, year: new Date().getFullYear() };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The public layout's route id: its pages speak the interface language of the settings. */
const PUBLIC_LAYOUT = 'routes/public/layout';

/**
 * The page language: the deepest route that names one (an article's), else on public pages
 * the interface language (setting `uiLanguage`), else English (the back office).
 */
function usePageLanguage(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const lang = (matches[i]?.data as { lang?: unknown } | undefined)?.lang;
    if (lang === 'hi' || lang === 'en') return lang;
  }
  const root = matches[0]?.data as RootData | undefined;
  return matches.some((m) => m.id === PUBLIC_LAYOUT) ? (root?.settings.uiLanguage ?? 'en') : 'en';
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = usePageLanguage();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ToastContainer
          position="bottom-center"
          limit={1}
          transition={Slide}
          newestOnTop
          autoClose={4000}
        />
        <ScrollRestoration />
        <Scripts />
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

/** Errors no area caught (the root's own loader failed): the same views, without chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<RootData>('root');
  const shortName = data?.settings.shortName ?? 'Patrika';
  const title = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : copy.errors.title;
  return (
    <>
      <title>{`${shortName} | ${title}`}</title>
      <GeneralErrorBoundary />
    </>
  );
}
