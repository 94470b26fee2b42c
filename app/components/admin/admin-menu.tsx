import { NavLink } from 'react-router';
import { hasRole, mayModerate, type Role } from '../../../common/roles';
import type { AdminCopy } from '../../copy/admin';
import { useAdminCopy, useAdminLanguage } from '../../copy/admin-language';
import { commentDeskCopy } from '../../copy/comment-desk';
import { editionDeskCopyIn } from '../../copy/edition-desk';
import { editionTreeCopyIn } from '../../copy/edition-tree';
import { epaperDeskCopy } from '../../copy/epaper';
import { useMediaCopy } from '../../features/media/use-media-copy';

/** Who may open a screen: a role and those above it, or whoever moderates comments. */
type Need = Exclude<Role, 'reader' | 'moderator'> | 'moderates';

/** The texts a menu item's name is taken from. */
interface MenuTexts {
  t: AdminCopy;
  media: string;
  /** The media library's texts may be another language than the back office's. */
  mediaLang: string;
  commentBans: string;
  editionHomes: string;
  editions: string;
  epaper: string;
}

interface MenuItemSpec {
  to: string;
  need: Need;
  label: (texts: MenuTexts) => string;
  /** The name's language, when it may differ from the back office's. */
  lang?: (texts: MenuTexts) => string;
}

/** The headings of the menu (app/copy/admin.ts `navGroups`). */
export type MenuGroupKey = keyof AdminCopy['navGroups'];

/**
 * The back office's menu, grouped under the headings a newsroom uses (issue 72 item 4). A new
 * screen is one line in its group; a group whose items the user may not open is not shown.
 */
export const ADMIN_MENU: readonly { group: MenuGroupKey | null; items: MenuItemSpec[] }[] = [
  {
    group: null,
    items: [{ to: '/admin/dashboard', need: 'author', label: ({ t }) => t.nav.dashboard }],
  },
  {
    group: 'content',
    items: [
      { to: '/admin/articles', need: 'author', label: ({ t }) => t.nav.articles },
      {
        to: '/admin/media',
        need: 'author',
        label: ({ media }) => media,
        lang: ({ mediaLang }) => mediaLang,
      },
      { to: '/admin/categories', need: 'editor', label: ({ t }) => t.nav.categories },
      // The tree of editions (issue 65 item 1): administrators shape it.
      { to: '/admin/editions', need: 'administrator', label: ({ editions }) => editions },
      {
        to: '/admin/edition-homes',
        need: 'editor',
        label: ({ editionHomes }) => editionHomes,
      },
      { to: '/admin/epaper', need: 'editor', label: ({ epaper }) => epaper },
      { to: '/admin/comments', need: 'moderates', label: ({ t }) => t.nav.comments },
      { to: '/admin/comment-bans', need: 'moderates', label: ({ commentBans }) => commentBans },
      // Counting day's desk (issue 69 item 2).
      { to: '/admin/elections', need: 'editor', label: ({ t }) => t.nav.elections },
      { to: '/admin/sitemap', need: 'editor', label: ({ t }) => t.nav.sitemap },
    ],
  },
  {
    group: 'audience',
    items: [
      { to: '/admin/analytics', need: 'author', label: ({ t }) => t.nav.analytics },
      { to: '/admin/newsletters', need: 'editor', label: ({ t }) => t.nav.newsletters },
      { to: '/admin/subscribers', need: 'administrator', label: ({ t }) => t.nav.subscribers },
    ],
  },
  {
    group: 'revenue',
    items: [
      // Members and their plans are one screen.
      { to: '/admin/members', need: 'administrator', label: ({ t }) => t.nav.members },
      { to: '/admin/ads', need: 'editor', label: ({ t }) => t.nav.ads },
    ],
  },
  {
    group: 'site',
    items: [
      { to: '/admin/settings', need: 'administrator', label: ({ t }) => t.nav.settings },
      { to: '/admin/users', need: 'administrator', label: ({ t }) => t.nav.users },
      { to: '/admin/keys', need: 'administrator', label: ({ t }) => t.nav.keys },
      { to: '/admin/webhooks', need: 'administrator', label: ({ t }) => t.nav.webhooks },
      { to: '/admin/audit', need: 'administrator', label: ({ t }) => t.nav.audit },
    ],
  },
];

const mayOpen = (role: Role, need: Need) =>
  need === 'moderates' ? mayModerate(role) : hasRole(role, need);

/** The groups and items this role may open, empty groups left out. */
export function menuFor(role: Role) {
  return ADMIN_MENU.map(({ group, items }) => ({
    group,
    items: items.filter((item) => mayOpen(role, item.need)),
  })).filter((g) => g.items.length > 0);
}

/** One link; NavLink marks the current screen with `aria-current="page"` as well as the colour. */
function MenuLink({ to, lang, children }: { to: string; lang?: string; children: string }) {
  return (
    <li className="nav-item">
      <NavLink
        to={to}
        lang={lang}
        className={({ isActive }) => `nav-link text-white${isActive ? ' active bg-primary' : ''}`}
      >
        {children}
      </NavLink>
    </li>
  );
}

/**
 * The grouped links: each group a heading and a real list named by it, so a screen reader's
 * heading and list navigation reach each group, and Tab goes through the links in reading order.
 */
export function AdminMenu({ role }: { role: Role }) {
  const t = useAdminCopy();
  const lang = useAdminLanguage();
  const media = useMediaCopy();
  const texts: MenuTexts = {
    t,
    media: media.m.nav,
    mediaLang: media.lang,
    commentBans: commentDeskCopy[lang].bans.title,
    editionHomes: editionDeskCopyIn(lang).homesNav,
    editions: editionTreeCopyIn(lang).nav,
    epaper: epaperDeskCopy[lang].menu,
  };
  return (
    <>
      {menuFor(role).map(({ group, items }) => {
        const id = group ? `admin-menu-${group}` : undefined;
        return (
          <div key={group ?? 'top'} className="mb-2">
            {group && (
              <h2 id={id} className="admin-menu-heading">
                {t.navGroups[group]}
              </h2>
            )}
            <ul className="nav nav-pills flex-column gap-1" aria-labelledby={id}>
              {items.map((item) => (
                <MenuLink key={item.to} to={item.to} lang={item.lang?.(texts)}>
                  {item.label(texts)}
                </MenuLink>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}
