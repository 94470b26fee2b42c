/**
 * What a route may say of itself in its `handle`. `hydrate: true` makes its pages React apps
 * in the browser (the back office, sign-in, sign-up, profile); every other page is a document
 * with the reading pages' own small script and purged styles (DECISIONS.md §13), answered by
 * server/plugins/reading-documents.ts.
 */
export interface PageHandle {
  hydrate?: boolean;
}

/** Whether a route's `handle` makes its pages React apps in the browser. */
export const hydrates = (handle: unknown): boolean =>
  (handle as PageHandle | undefined)?.hydrate === true;

/**
 * Set on the entry context of a reading page by server/plugins/reading-documents.ts: the entry
 * renders it with app/reading-router.tsx (React Router's ServerRouter with its route tree made
 * once per build) instead of ServerRouter.
 */
export const READING_ROUTER = Symbol.for('patrika.readingRouter');
