import { createContext, useContext, type AnchorHTMLAttributes } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

/**
 * Whether this page is a document without React in the browser (a reading page,
 * docs/decisions/019): given by entry.server.tsx. Such a page has no client-side router for a
 * `<Link>` to hand a click to, so its links are plain `<a>` elements, which cost a render a
 * fraction of what a `<Link>` does (it resolves its path through the router's hooks:
 * docs/decisions/027). A page that runs React in the browser keeps `<Link>` and its client-side
 * navigation; there, and in the browser, this is false.
 */
export const DocumentPage = createContext(false);

type Anchor = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link to one of our own addresses: `<a>` on a reading page, `<Link>` on an app page. */
export function PageLink({
  to,
  reloadDocument,
  ...attributes
}: Anchor & { reloadDocument?: boolean }) {
  if (!useContext(DocumentPage))
    return <Link to={to} reloadDocument={reloadDocument} {...attributes} />;
  return <a href={to} {...attributes} />;
}

/**
 * A menu link marked `active` and `aria-current="page"` on the page it leads to (or below it,
 * unless `end`), as React Router's `<NavLink>` marks it; `<a>` on a reading page.
 */
export function PageNavLink({
  to,
  end = false,
  className,
  ...attributes
}: Anchor & { end?: boolean }) {
  const document = useContext(DocumentPage);
  const { pathname } = useLocation();
  if (!document) return <NavLink to={to} end={end} className={className} {...attributes} />;
  const active = isActivePath(pathname, to, end);
  return (
    <a
      href={to}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
      {...attributes}
    />
  );
}

/** React Router's rule for `<NavLink>`: the same path, or one below it unless `end` (no case). */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = to.toLowerCase();
  if (here === there) return true;
  if (end) return false;
  // "/" is no parent of "/about-us": the character after the link's path must be a slash.
  const after = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length;
  return here.startsWith(there) && here.charAt(after) === '/';
}
