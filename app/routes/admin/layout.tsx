import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Dropdown } from 'react-bootstrap';
import { hasRole } from '../../../common/roles';
import { appContext, type SessionUser } from '../../../common/services';
import {
  Sidebar,
  SiteMark,
  SIDEBAR_ID,
  type SiteBrand,
} from '../../components/admin/admin-sidebar';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { adminInterfaceFor, useAdminCopy, useAdminLanguage } from '../../copy/admin-language';
import { InterfaceLanguage } from '../../copy/language';
import { adminApi } from '../../features/api/admin-api';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { requireScreen } from '../../features/session/screen-guard';
import { clearUserInfo, readUserInfo } from '../../features/session/user-info';
import type { Route } from './+types/layout';
import type { PageHandle, RootData } from '../../root';
import { staffLanguageOf } from '../../../common/languages';

/**
 * The back office's guard and shell. The server checks the session cookie: no user → /login
 * with the way back; a reader gets the "No access" page (403, this route's error boundary). The client checks the stored
 * userInfo (SPEC.md §3): without it the session is ended and the user signs in again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Moderators come in for the comments' queue (issue 42); each screen asks for its own role.
  const me = await requireScreen(context, request, 'moderator');
  const { services } = context.get(appContext);
  const [{ siteName, shortName, logoUrl, uiLanguage }, own] = await Promise.all([
    services.settings.get(),
    services.users.uiLanguageOf(me._id),
  ]);
  // The language the user chose on /profile, else the site's (issue 36 item 8): the back
  // office's texts and, as the page's language, `<html lang>` (root.tsx).
  const lang = own ?? staffLanguageOf(uiLanguage);
  return { me, siteName, shortName, logoUrl, lang, year: new Date().getFullYear() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      adminInterfaceFor(
        loaderData?.lang ??
          staffLanguageOf((matches[0]?.data as RootData | undefined)?.settings.uiLanguage ?? 'en'),
      ).t.pageTitle,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

function signOutHere() {
  clearUserInfo();
  return api('/api/users/signout', { method: 'POST' }).catch(() => undefined);
}

function TopBar({
  me,
  site,
  sidebarOpen,
  onMenu,
}: {
  me: SessionUser;
  site: SiteBrand;
  sidebarOpen: boolean;
  onMenu: () => void;
}) {
  const t = useAdminCopy();
  const queue = useReviewQueue(me.role);
  return (
    <header className="admin-topbar navbar flex-nowrap bg-white border-bottom px-3 gap-2">
      <div className="d-flex align-items-center gap-2 min-w-0">
        <button
          type="button"
          className="navbar-toggler d-md-none"
          aria-label={t.menu.sidebar}
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarOpen}
          onClick={onMenu}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <a
          href="/"
          className="navbar-brand fw-bold brand d-flex align-items-center gap-2 min-w-0 me-0"
        >
          {site.logoUrl && <SiteMark site={site} small />}
          <span className="text-truncate min-w-0">{t.brand(site.shortName)}</span>
        </a>
      </div>
      <div className="d-flex align-items-center gap-2 gap-sm-3 flex-shrink-0">
        {queue !== null && queue.awaiting > 0 && (
          <Link
            to="/admin/articles"
            className="btn btn-sm btn-outline-secondary position-relative"
            aria-label={
              queue.kind === 'review'
                ? t.menu.forReviewCount(queue.awaiting)
                : t.menu.sentBackCount(queue.awaiting)
            }
          >
            {queue.kind === 'review' ? t.menu.forReview : t.menu.sentBack}
            <span className="badge rounded-pill bg-danger ms-1">{queue.awaiting}</span>
          </Link>
        )}
        <AdminUserMenu me={me} />
      </div>
    </header>
  );
}

/**
 * A real count, or no badge at all (DECISIONS.md §7): what waits for review (editors), or what
 * was sent back (an author; DECISIONS.md §11).
 */
function useReviewQueue(role: SessionUser['role']) {
  const [queue, setQueue] = useState<{ awaiting: number; kind: 'review' | 'sentBack' } | null>(
    null,
  );
  useEffect(() => {
    // Articles' review is for authors and up; a moderator has none to ask about.
    if (!hasRole(role, 'author')) return;
    adminApi<{ awaiting: number; kind: 'review' | 'sentBack' }>('/api/articles/review-queue')
      .then(setQueue)
      .catch(() => setQueue(null));
  }, [role]);
  return queue;
}

/** The signed-in user's menu: profile, settings (administrators), help, log out. */
function AdminUserMenu({ me }: { me: SessionUser }) {
  const t = useAdminCopy();
  const navigate = useNavigate();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        id="admin-user-menu"
        className="admin-user-toggle"
      >
        {me.name}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to="/profile">
          {t.menu.profile}
        </Dropdown.Item>
        {hasRole(me.role, 'administrator') && (
          <Dropdown.Item as={Link} to="/admin/settings">
            {t.menu.settings}
          </Dropdown.Item>
        )}
        <Dropdown.Item href="/api/docs">{t.menu.help}</Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item
          as="button"
          onClick={async () => {
            await signOutHere();
            await navigate('/login', { replace: true });
          }}
        >
          {t.menu.logout}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { me, siteName, shortName, logoUrl, year } = loaderData;
  const site = { shortName, logoUrl };
  const location = useLocation();
  const navigate = useNavigate();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const lang = useAdminLanguage();
  const t = useAdminCopy();

  useEffect(() => {
    if (!readUserInfo()?.token) {
      void signOutHere().then(() =>
        navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
          replace: true,
        }),
      );
    }
  }, [location.pathname, location.search, navigate]);

  return (
    <div className="admin d-flex min-vh-100" lang={lang}>
      {/* Past the sidebar and the top bar; main takes focus (tabIndex -1), so Tab goes on from there. */}
      <a href="#main" className="visually-hidden-focusable admin-skip">
        {t.skip}
      </a>
      <Sidebar me={me} site={site} open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="flex-grow-1 d-flex flex-column min-w-0">
        <TopBar
          me={me}
          site={site}
          sidebarOpen={sidebarOpen}
          onMenu={() => setSidebarOpen((o) => !o)}
        />
        <main id="main" tabIndex={-1} className="flex-grow-1 p-3 p-md-4 bg-light">
          {/* The screens' form fields and toasts say the API's messages in it too. */}
          <InterfaceLanguage lang={lang}>
            <Outlet context={me} />
          </InterfaceLanguage>
        </main>
        <footer className="admin-footer border-top px-3 py-2 small text-body-secondary">
          {t.footer(year, siteName)}
        </footer>
      </div>
    </div>
  );
}

/** A reader (or anyone without a staff role) gets the "No access" page with status 403. */
export function ErrorBoundary() {
  return (
    <InterfaceLanguage lang={useAdminLanguage()}>
      <GeneralErrorBoundary />
    </InterfaceLanguage>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
