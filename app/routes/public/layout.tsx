import { useEffect } from 'react';
import { Outlet, useNavigation, useRouteLoaderData } from 'react-router';
import { toast } from 'react-toastify';
import { BreakingBand } from '../../components/breaking-band';
import { GeneralErrorBoundary, statusOf } from '../../components/error-boundary';
import { PublicFooter } from '../../components/public-footer';
import { PublicHeader } from '../../components/public-header';
import { InterfaceLanguage, interfaceFor } from '../../copy/language';
import { isStaff } from '../../../common/roles';
import { clearUserInfo, readUserInfo } from '../../features/session/user-info';
import { pageTitle } from '../../features/seo/meta';
import type { RootData } from '../../root';

/** Header, footer and the pending-navigation texts around every public page. */
export default function PublicLayout() {
  const root = useRouteLoaderData<RootData>('root');
  const navigation = useNavigation();
  const user = root?.user ?? null;
  const lang = root?.settings.uiLanguage ?? 'en';
  const { t } = interfaceFor(lang);

  useEffect(() => {
    // The cookie is the truth: a stale stored staff userInfo (expired session) is dropped; a
    // reader's shared pages render for nobody, GET /api/me checks theirs (docs/decisions/055).
    const stored = readUserInfo();
    if (!user && stored && isStaff(stored.role)) clearUserInfo();
  }, [user]);

  useEffect(() => {
    if (root && root.categories === null) toast.error(t.errors.navigationCategories);
  }, [root, t]);

  // In-app navigation to the old-address routes shows SPEC.md's texts while the server answers.
  const pending = navigation.state === 'loading' ? navigation.location.pathname : '';
  const pendingText = pending.startsWith('/articles/')
    ? t.redirect.loading
    : pending.startsWith('/article/')
      ? t.redirect.redirecting
      : null;

  if (!root) return <Outlet />;
  return (
    <InterfaceLanguage lang={lang}>
      <div className="site-shell">
        <PublicHeader
          siteName={root.settings.siteName}
          categories={root.categories ?? []}
          user={user}
        />
        {root.breaking && <BreakingBand band={root.breaking} />}
        {pendingText && (
          <div role="status" className="container py-2 text-center" lang={lang}>
            {pendingText}
          </div>
        )}
        <div className={`page${navigation.state === 'loading' ? ' page-loading' : ''}`}>
          <Outlet />
        </div>
        <PublicFooter settings={root.settings} year={root.year} newsletters={root.newsletters} />
      </div>
    </InterfaceLanguage>
  );
}

/** Errors of public pages keep the header and footer; the view follows the status. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const root = useRouteLoaderData<RootData>('root');
  const lang = root?.settings.uiLanguage ?? 'en';
  const { t } = interfaceFor(lang);
  const status = statusOf(error);
  const title = status === 404 ? t.notFound.title : t.errors.title;
  return (
    <InterfaceLanguage lang={lang}>
      <div className="site-shell">
        {root && (
          <PublicHeader
            siteName={root.settings.siteName}
            categories={root.categories ?? []}
            user={root.user}
          />
        )}
        {root?.breaking && <BreakingBand band={root.breaking} />}
        <title>{root ? pageTitle(root.settings.shortName, title) : title}</title>
        <meta name="robots" content="noindex" />
        <div className="page">
          <GeneralErrorBoundary />
        </div>
        {root && (
          <PublicFooter settings={root.settings} year={root.year} newsletters={root.newsletters} />
        )}
      </div>
    </InterfaceLanguage>
  );
}
