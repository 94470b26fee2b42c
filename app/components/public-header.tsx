import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { shownCategoryName } from '../../common/category-names';
import type { Category, MenuSection } from '../../common/schemas/categories';
import type { SessionUser } from '../../common/services';
import { backOfficeHome, isStaff } from '../../common/roles';
import { SEARCH_QUERY_MAX } from '../../common/articles';
import { categoryPath, PAGE_SEGMENTS } from '../../common/paths';
import { detectLanguage } from '../../common/text';
import { useInterface } from '../copy/language';
import { clearUserInfo } from '../features/session/user-info';
import { useShownUser } from '../features/session/use-shown-user';
import { enhanceMenus } from './menus';
import { PageLink, PageNavLink } from './page-link';

type HeaderProps = {
  siteName: string;
  categories: MenuSection[];
  user: SessionUser | null;
};

/** The header's menu links that are marked on the page they lead to (`end`: only there). */
const MARKED_LINKS = {
  home: { to: '/', end: true },
  about: { to: `/${PAGE_SEGMENTS.aboutUs}`, end: false },
  contact: { to: `/${PAGE_SEGMENTS.contactUs}`, end: false },
  signIn: { to: `/${PAGE_SEGMENTS.login}`, end: false },
};

/**
 * Public navigation (SPEC.md §2): Home, About Us, a Categories dropdown (the home categories
 * and every one with articles, as a tree: issue 26 item 6), Contact Us, and Sign In, or the user's menu when signed in. Plain HTML menus
 * (<details>), the phone's ☰ menu too, so they work before and without JavaScript, by keyboard
 * too; `enhanceMenus` adds closing after a choice, on Escape and on a click outside. From the
 * lg breakpoint up the ☰ menu's content always shows (app.css).
 */
export function PublicHeader({ siteName, categories, user }: HeaderProps) {
  const header = useRef<HTMLElement>(null);
  const { t, lang } = useInterface();
  const shown = useShownUser(user);
  useEffect(() => (header.current ? enhanceMenus(header.current) : undefined), []);
  return (
    <header ref={header} className="site-header border-bottom bg-white">
      <a href="#main" className="visually-hidden-focusable" lang={lang}>
        {t.nav.skip}
      </a>
      <nav className="navbar navbar-expand-lg" aria-label={t.nav.mainLabel}>
        <div className="container">
          <PageLink to="/" className="navbar-brand fw-bold brand site-name">
            {siteName}
          </PageLink>
          <details className="nav-menu">
            {/* A <summary> is a button to assistive technology, which also says whether
                the menu is expanded; the label names it, the icon is decoration. */}
            <summary className="navbar-toggler" aria-label={t.nav.toggle} lang={lang}>
              <span className="navbar-toggler-icon" aria-hidden="true" />
            </summary>
            <div id="main-nav" className="nav-menu-panel">
              <SiteSearch />
              <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-2">
                <li className="nav-item">
                  <PageNavLink {...MARKED_LINKS.home} className="nav-link" lang={lang}>
                    {t.nav.home}
                  </PageNavLink>
                </li>
                <li className="nav-item">
                  <PageNavLink {...MARKED_LINKS.about} className="nav-link" lang={lang}>
                    {t.nav.about}
                  </PageNavLink>
                </li>
                <CategoriesMenu categories={categories} />
                <CityPicker />
                <li className="nav-item">
                  <PageNavLink {...MARKED_LINKS.contact} className="nav-link" lang={lang}>
                    {t.nav.contact}
                  </PageNavLink>
                </li>
                {shown ? (
                  <UserMenu user={shown} />
                ) : (
                  <li className="nav-item">
                    {/* The reading pages' script turns this into a signed-in reader's menu
                        (app/reader/reader-state.ts) with these texts. */}
                    <PageNavLink
                      {...MARKED_LINKS.signIn}
                      className="btn btn-outline-primary btn-sm ms-lg-2"
                      lang={lang}
                      data-profile={t.nav.profile}
                      data-sign-out={t.nav.signOut}
                    >
                      {t.nav.signIn}
                    </PageNavLink>
                  </li>
                )}
              </ul>
            </div>
          </details>
        </div>
      </nav>
      {/* The reader's city and its top stories, filled in this browser (app/reader/city.ts):
          the page is the same for everyone. */}
      <div
        className="container small py-1 city-strip"
        data-city-strip
        data-label={t.edition.yourCity}
        lang={lang}
        hidden
      />
    </header>
  );
}

/**
 * The reader's city picker (issue 65 item 4): search by any name, "near me" (found in the
 * browser, nothing sent), forget. Its code (app/reader/city.ts) comes when it is opened.
 */
function CityPicker() {
  const { t, lang } = useInterface();
  return (
    <li className="nav-item">
      <details className="dropdown city-picker" data-city data-none={t.edition.none} lang={lang}>
        <summary className="nav-link">{t.edition.choose}</summary>
        <div className="dropdown-menu show p-2">
          <input
            type="search"
            className="form-control form-control-sm"
            autoComplete="off"
            aria-label={t.edition.search}
            placeholder={t.edition.search}
            data-city-q
          />
          <ul className="list-unstyled mb-1" data-city-list aria-live="polite" />
          <button type="button" className="btn btn-outline-secondary btn-sm me-2" data-city-near>
            {t.edition.nearMe}
          </button>
          <button type="button" className="btn btn-link btn-sm" data-city-forget>
            {t.edition.forget}
          </button>
        </div>
      </details>
    </li>
  );
}

/** A plain GET form: searching needs no JavaScript. */
function SiteSearch() {
  const { t, lang } = useInterface();
  return (
    <form
      role="search"
      method="get"
      action="/search"
      className="site-search d-flex gap-2"
      lang={lang}
    >
      <input
        type="search"
        name="q"
        required
        // A browser's sign-in autofill never writes an e-mail address here (issue 45 item 8).
        autoComplete="off"
        maxLength={SEARCH_QUERY_MAX}
        className="form-control form-control-sm"
        aria-label={t.nav.searchLabel}
        placeholder={t.nav.search}
      />
      <button type="submit" className="btn btn-outline-secondary btn-sm">
        {t.nav.search}
      </button>
    </form>
  );
}

/**
 * The Categories dropdown: each section (a top-level category) and under it, indented, the
 * categories inside it, by name in the interface's language. On a phone it is part of the ☰
 * panel, which scrolls; from lg up the list scrolls within the window (app.css).
 */
function CategoriesMenu({ categories }: { categories: MenuSection[] }) {
  const { t, lang } = useInterface();
  return (
    <li className="nav-item">
      <details className="menu">
        <summary className="nav-link" lang={lang}>
          {t.nav.categories}
        </summary>
        <ul className="menu-list menu-tree">
          {categories.map((section) => (
            <li key={section._id}>
              <CategoryLink category={section} />
              {section.children.length > 0 && (
                <ul className="menu-sublist">
                  {section.children.map((child) => (
                    <li key={child._id}>
                      <CategoryLink category={child} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** A menu entry: the category's name as the interface shows it, in that name's language. */
function CategoryLink({ category }: { category: Category }) {
  const { lang } = useInterface();
  const name = shownCategoryName(category, lang);
  return (
    <PageLink
      to={categoryPath(category.slug)}
      className="dropdown-item"
      lang={detectLanguage(name)}
    >
      {name}
    </PageLink>
  );
}

/** The signed-in user's menu: profile, the dashboard for staff, signing out. */
function UserMenu({ user }: { user: SessionUser }) {
  const { t, lang } = useInterface();
  return (
    <li className="nav-item">
      <details className="menu">
        <summary className="nav-link">{user.name}</summary>
        <ul className="menu-list menu-end">
          <li>
            <PageLink to="/profile" className="dropdown-item" lang={lang}>
              {t.nav.profile}
            </PageLink>
          </li>
          {isStaff(user.role) && (
            <li>
              <PageLink
                to={backOfficeHome(user.role)}
                className="dropdown-item"
                lang={lang}
                reloadDocument
              >
                {t.nav.dashboard}
              </PageLink>
            </li>
          )}
          <li>
            <Form method="post" action="/logout" onSubmit={clearUserInfo} data-sign-out="">
              <button type="submit" className="dropdown-item" lang={lang}>
                {t.nav.signOut}
              </button>
            </Form>
          </li>
        </ul>
      </details>
    </li>
  );
}
