import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Dropdown, Offcanvas } from 'react-bootstrap';
import { hasRole } from '../../../common/roles';
import { appContext, type SessionUser } from '../../../common/services';
import { AdminMenu } from '../../components/admin/admin-menu';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { adminInterfaceFor, useAdminCopy, useAdminLanguage } from '../../copy/admin-language';
import { InterfaceLanguage } from '../../copy/language';
import { adminApi } from '../../features/api/admin-api';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { requireScreen } from '../../features/session/screen-guard';
import { initialsOf } from '../../features/session/initials';
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

/** The site's short name and square logo, from the settings (issue 26 item 9). */
interface SiteBrand {
  shortName: string;
  logoUrl: string;
}

/**
 * The site's round mark beside the signed-in user: the logo of the settings, or without one
 * the first letter of the site's short name. Decorative: the name is written beside it.
 */
function SiteMark({ site, small = false }: { site: SiteBrand; small?: boolean }) {
  const size = small ? ' admin-logo-sm' : '';
  if (site.logoUrl)
    return <img src={site.logoUrl} alt="" className={`admin-logo${size}`} width={40} height={40} />;
  return (
    <span className={`admin-logo${size}`} aria-hidden="true">
      {Array.from(site.shortName)[0] ?? ''}
    </span>
  );
}

/** The sidebar's id, for the phone's menu button (aria-controls). */
const SIDEBAR_ID = 'admin-sidebar';

/**
 * The back office's links. From the md breakpoint up it stands beside the page as always; on a
 * phone it would fill a whole screen above every page (issue 14 item 2), so there it is an
 * off-canvas panel, closed until the top bar's menu button opens it and closed again once a
 * link is chosen (react-bootstrap's responsive Offcanvas: Escape and the backdrop close it too).
 */
function Sidebar({
  me,
  site,
  open,
  onClose,
}: {
  me: SessionUser;
  site: SiteBrand;
  open: boolean;
  onClose: () => void;
}) {
  const t = useAdminCopy();
  return (
    <div className="admin-sidebar bg-dark text-white">
      <Offcanvas
        id={SIDEBAR_ID}
        show={open}
        onHide={onClose}
        responsive="md"
        placement="start"
        className="admin-sidebar-panel bg-dark text-white"
        // Named only while it is a dialog: beside the page it is a plain box around the <nav>.
        {...(open ? { 'aria-labelledby': `${SIDEBAR_ID}-title` } : {})}
      >
        <Offcanvas.Header closeButton closeVariant="white" closeLabel={t.menu.closeSidebar}>
          <Offcanvas.Title as="p" id={`${SIDEBAR_ID}-title`} className="h5 mb-0">
            {t.menu.sidebar}
          </Offcanvas.Title>
        </Offcanvas.Header>
        <Offcanvas.Body className="p-0">
          <SidebarLinks me={me} site={site} onChoose={onClose} />
        </Offcanvas.Body>
      </Offcanvas>
    </div>
  );
}

/** The signed-in user beside the site's mark, a link to their profile. */
function SidebarUser({ me, site }: { me: SessionUser; site: SiteBrand }) {
  const t = useAdminCopy();
  return (
    <Link
      to="/profile"
      className="d-flex align-items-center gap-2 text-white text-decoration-none mb-3"
    >
      <SiteMark site={site} />
      {/* Who is signed in, at a glance (issue 45 item 8); the name is written beside it. */}
      <span className="admin-initials" aria-hidden="true">
        {initialsOf(me.name)}
      </span>
      <span>
        <span className="d-block fw-semibold">{me.name}</span>
        <small className="online-text">
          <span className="online-dot" aria-hidden="true" /> {t.online}
        </small>
      </span>
    </Link>
  );
}

/** The links; choosing one calls `onChoose` (the phone's panel closes). */
function SidebarLinks({
  me,
  site,
  onChoose,
}: {
  me: SessionUser;
  site: SiteBrand;
  onChoose: () => void;
}) {
  const t = useAdminCopy();
  return (
    // Clicks on the links bubble here: whichever was chosen, the panel closes.
    <nav
      className="p-3 w-100"
      aria-label={t.menu.backOffice}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) onChoose();
      }}
    >
      <SidebarUser me={me} site={site} />
      <AdminMenu role={me.role} />
      <ul className="nav nav-pills flex-column gap-1">
        <li className="nav-item">
          <a href="/contact-us" className="nav-link text-white">
            {t.nav.contact}
          </a>
        </li>
      </ul>
    </nav>
  );
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
