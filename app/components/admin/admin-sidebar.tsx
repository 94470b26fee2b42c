/*
 * The back office's sidebar (app/routes/admin/layout.tsx): the signed-in user beside the site's
 * mark, and the links, beside the page from the md breakpoint up and an off-canvas panel on a
 * phone.
 */
import { Link } from 'react-router';
import { Offcanvas } from 'react-bootstrap';
import type { SessionUser } from '../../../common/services';
import { useAdminCopy } from '../../copy/admin-language';
import { initialsOf } from '../../features/session/initials';
import { AdminMenu } from './admin-menu';

/** The site's short name and square logo, from the settings (issue 26 item 9). */
export interface SiteBrand {
  shortName: string;
  logoUrl: string;
}

/**
 * The site's round mark beside the signed-in user: the logo of the settings, or without one
 * the first letter of the site's short name. Decorative: the name is written beside it.
 */
export function SiteMark({ site, small = false }: { site: SiteBrand; small?: boolean }) {
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
export const SIDEBAR_ID = 'admin-sidebar';

/**
 * The back office's links. From the md breakpoint up it stands beside the page as always; on a
 * phone it would fill a whole screen above every page (issue 14 item 2), so there it is an
 * off-canvas panel, closed until the top bar's menu button opens it and closed again once a
 * link is chosen (react-bootstrap's responsive Offcanvas: Escape and the backdrop close it too).
 */
export function Sidebar({
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
