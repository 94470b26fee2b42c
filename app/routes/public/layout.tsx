import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useNavigation, useRouteLoaderData } from 'react-router';
import { toast } from 'react-toastify';
import { NotFoundPanel } from '../../components/not-found-panel';
import { PublicFooter } from '../../components/public-footer';
import { PublicHeader } from '../../components/public-header';
import { copy } from '../../copy/en';
import { clearUserInfo, readUserInfo } from '../../features/session/user-info';
import { pageTitle } from '../../features/seo/meta';
import type { RootData } from '../../root';

/** Header, footer and the pending-navigation texts around every public page. */
export default function PublicLayout() {
  const root = useRouteLoaderData<RootData>('root');
  const navigation = useNavigation();
  const user = root?.user ?? null;

  useEffect(() => {
    // The cookie is the truth: a stale stored userInfo (expired session) is dropped.
    if (!user && readUserInfo()) clearUserInfo();
  }, [user]);

  useEffect(() => {
    if (root && root.categories === null) toast.error(copy.errors.navigationCategories);
  }, [root]);

  // In-app navigation to the old-address routes shows SPEC.md's texts while the server answers.
  const pending = navigation.state === 'loading' ? navigation.location.pathname : '';
  const pendingText = pending.startsWith('/articles/')
    ? copy.redirect.loading
    : pending.startsWith('/article/')
      ? copy.redirect.redirecting
      : null;

  if (!root) return <Outlet />;
  return (
    <>
      <PublicHeader
        siteName={root.settings.siteName}
        categories={root.categories ?? []}
        user={user}
      />
      {pendingText && (
        <div role="status" className="container py-2 text-center">
          {pendingText}
        </div>
      )}
      <div className={`page${navigation.state === 'loading' ? ' page-loading' : ''}`}>
        <Outlet />
      </div>
      <PublicFooter settings={root.settings} year={root.year} />
    </>
  );
}

/** Errors of public pages keep the header and footer; a 404 is the Not Found page. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const root = useRouteLoaderData<RootData>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? copy.notFound.title : copy.errors.title;
  return (
    <>
      {root && (
        <PublicHeader
          siteName={root.settings.siteName}
          categories={root.categories ?? []}
          user={root.user}
        />
      )}
      <title>{root ? pageTitle(root.settings.shortName, title) : title}</title>
      <meta name="robots" content="noindex" />
      {notFound ? (
        <NotFoundPanel />
      ) : (
        <main id="main" className="container py-5 text-center">
          <h1>{copy.errors.title}</h1>
          <p>{copy.errors.body}</p>
        </main>
      )}
      {root && <PublicFooter settings={root.settings} year={root.year} />}
    </>
  );
}
