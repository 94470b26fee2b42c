import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError, type ErrorResponse } from 'react-router';
import { PageLink } from './page-link';
import { ROLES, type Role } from '../../common/roles';
import { useAdminCopy } from '../copy/admin-language';
import { useInterface } from '../copy/language';

/*
 * One error boundary for every route area (public, admin, redirects), with a view per status
 * (STYLE.md §13, after Epic Stack's components/error-boundary.tsx). Loaders throw 403 and 404
 * responses; anything else is an unexpected error, shown without its details.
 */

export type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * "No access": the one view for every screen a role may not use (DECISIONS.md §2). Staff
 * are told which role the screen needs; readers that the back office is not theirs.
 */
export function NoAccess({
  needs,
  inShell = false,
}: {
  needs?: Role | undefined;
  /** Inside the back-office shell, which already has the page's <main>. */
  inShell?: boolean;
}) {
  const t = useAdminCopy();
  // The back office's own gate asks for a moderator (the weakest role it lets in): a reader.
  const staffScreen = needs !== undefined && needs !== 'author' && needs !== 'moderator';
  const Wrapper = inShell ? 'div' : 'main';
  return (
    <Wrapper {...(inShell ? {} : { id: 'main' })} className="container py-5 text-center">
      <h1>{t.noAccess.title}</h1>
      <p>{staffScreen ? t.noAccess.role(t.roles[needs]) : t.noAccess.body}</p>
      <a href="/" className="btn btn-primary">
        {t.noAccess.home}
      </a>
    </Wrapper>
  );
}

/** The role a 403 names (see app/features/session/screen-guard.ts), if any. */
export const neededRole = (error: ErrorResponse): Role | undefined => {
  const needs = (error.data as { needs?: unknown } | null)?.needs;
  return typeof needs === 'string' && (ROLES as readonly string[]).includes(needs)
    ? (needs as Role)
    : undefined;
};

/** SPEC.md §2 "Page not found with a link home", in the interface's language. */
export function NotFoundPanel({ heading }: { heading?: string }) {
  const { t, lang } = useInterface();
  return (
    <main id="main" className="container py-5 text-center" lang={lang}>
      <h1>{heading ?? t.notFound.heading}</h1>
      <p>{t.notFound.body}</p>
      <PageLink to="/" className="btn btn-primary">
        {t.notFound.home}
      </PageLink>
    </main>
  );
}

/** Anything else: a plain apology; details stay in the server's log. */
export function SomethingWentWrong() {
  const { t, lang } = useInterface();
  return (
    <main id="main" className="container py-5 text-center" lang={lang}>
      <h1>{t.errors.title}</h1>
      <p>{t.errors.body}</p>
      <PageLink to="/" className="btn btn-primary">
        {t.notFound.home}
      </PageLink>
    </main>
  );
}

/** The status of a route error: its HTTP status, or 500 for anything thrown. */
export function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export const defaultStatusHandlers: Record<number, StatusHandler> = {
  403: (error) => <NoAccess needs={neededRole(error)} />,
  404: () => <NotFoundPanel />,
};

/** Renders the view for the thrown status; `statusHandlers` replace the defaults per status. */
export function GeneralErrorBoundary({
  statusHandlers,
  unexpected = () => <SomethingWentWrong />,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  unexpected?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? defaultStatusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
  }
  return <>{unexpected(error)}</>;
}
