/**
 * What a route may say of itself in its `handle`. `hydrate: true` makes its pages React apps
 * in the browser (the back office, sign-in, sign-up, profile); every other page is a document
 * with the reading pages' own small script and purged styles (DECISIONS.md §13), rendered whole
 * by app/entry.server.tsx.
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** Whether a route's `handle` makes its pages React apps in the browser. */
export const hydrates = (handle: unknown): boolean =>
  (handle as PageHandle | undefined)?.hydrate === true;
