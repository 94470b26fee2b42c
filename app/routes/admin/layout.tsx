import { useEffect, useState } from 'react';
import { data, Link, NavLink, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import { hasRole, isStaff } from '../../../common/roles';
import { appContext, type SessionUser } from '../../../common/services';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { clearUserInfo, readUserInfo } from '../../features/session/user-info';
import type { Route } from './+types/layout';

/**
 * The back office's guard and shell. The server checks the session cookie: no user → /login
 * with the way back; a reader gets the "no access" page (403). The client checks the stored
 * userInfo (SPEC.md §3): without it the session is ended and the user signs in again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  const me = await user();
  const url = new URL(request.url);
  if (!me) throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  const { shortName } = await services.settings.get();
  return data(
    { me, shortName, year: new Date().getFullYear() },
    { status: isStaff(me.role) ? 200 : 403 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.shortName ?? 'Patrika', 'Admin') },
  { name: 'robots', content: 'noindex' },
];

function signOutHere() {
  clearUserInfo();
  return api('/api/users/signout', { method: 'POST' }).catch(() => undefined);
}

function Sidebar({ me }: { me: SessionUser }) {
  const link = ({ isActive }: { isActive: boolean }) =>
    `nav-link text-white${isActive ? ' active bg-primary' : ''}`;
  return (
    <nav className="admin-sidebar bg-dark text-white p-3" aria-label="Back office">
      <Link
        to="/profile"
        className="d-flex align-items-center gap-2 text-white text-decoration-none mb-3"
      >
        <span className="admin-logo" aria-hidden="true">
          प
        </span>
        <span>
          <span className="d-block fw-semibold">{me.name}</span>
          <small className="online-text">
            <span className="online-dot" aria-hidden="true" /> {t.online}
          </small>
        </span>
      </Link>
      <ul className="nav nav-pills flex-column gap-1">
        <li className="nav-item">
          <NavLink to="/admin/dashboard" className={link}>
            {t.nav.dashboard}
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/admin/articles" className={link}>
            {t.nav.articles}
          </NavLink>
        </li>
        {hasRole(me.role, 'editor') && (
          <>
            <li className="nav-item">
              <NavLink to="/admin/categories" className={link}>
                {t.nav.categories}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to="/admin/sitemap" className={link}>
                {t.nav.sitemap}
              </NavLink>
            </li>
          </>
        )}
        {hasRole(me.role, 'administrator') && (
          <>
            <li className="nav-item">
              <NavLink to="/admin/users" className={link}>
                {t.nav.users}
              </NavLink>
            </li>
            <li className="nav-item">
              <NavLink to="/admin/settings" className={link}>
                {t.nav.settings}
              </NavLink>
            </li>
          </>
        )}
        <li className="nav-item">
          <a href="/contact-us" className="nav-link text-white">
            {t.nav.contact}
          </a>
        </li>
      </ul>
    </nav>
  );
}

function TopBar({ me }: { me: SessionUser }) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<number | null>(null);
  useEffect(() => {
    // A real count, or no badge at all (DECISIONS.md §7).
    if (!hasRole(me.role, 'editor')) return;
    adminApi<{ drafts: number }>('/api/stats')
      .then((s) => setDrafts(s.drafts))
      .catch(() => setDrafts(null));
  }, [me.role]);
  return (
    <header className="admin-topbar navbar bg-white border-bottom px-3">
      <a href="/" className="navbar-brand fw-bold brand">
        {t.brand}
      </a>
      <div className="d-flex align-items-center gap-3">
        {drafts !== null && drafts > 0 && (
          <Link
            to="/admin/articles"
            className="btn btn-sm btn-outline-secondary position-relative"
            aria-label={t.menu.drafts(drafts)}
          >
            {t.dashboard.drafts}
            <span className="badge rounded-pill bg-danger ms-1">{drafts}</span>
          </Link>
        )}
        <Dropdown align="end">
          <Dropdown.Toggle variant="outline-secondary" size="sm" id="admin-user-menu">
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
      </div>
    </header>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { me, year } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!readUserInfo()?.token) {
      void signOutHere().then(() =>
        navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
          replace: true,
        }),
      );
    }
  }, [location.pathname, location.search, navigate]);

  if (!isStaff(me.role)) {
    return (
      <main id="main" className="container py-5 text-center">
        <h1>{t.noAccess.title}</h1>
        <p>{t.noAccess.body}</p>
        <a href="/" className="btn btn-primary">
          {t.noAccess.home}
        </a>
      </main>
    );
  }
  return (
    <div className="admin d-flex min-vh-100">
      <Sidebar me={me} />
      <div className="flex-grow-1 d-flex flex-column min-w-0">
        <TopBar me={me} />
        <main id="main" className="flex-grow-1 p-3 p-md-4 bg-light">
          <Outlet context={me} />
        </main>
        <footer className="admin-footer border-top px-3 py-2 small text-body-secondary">
          {t.footer(year)}
        </footer>
      </div>
    </div>
  );
}
