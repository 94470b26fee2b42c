import { clearUserInfo, readUserInfo } from '../features/session/user-info';

/*
 * SPEC.md §3 keeps the signed-in user in localStorage; the session cookie is the truth. When
 * the server rendered the page for nobody (`data-signed-in` is absent), a stale stored user is
 * dropped; signing out drops it too.
 */

/** Signing out drops the stored user: listened for as soon as the page runs. */
export function watchSignOut(doc: Document) {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-sign-out]'))
    form.addEventListener('submit', clearUserInfo);
}

/**
 * Drops a stored user the server did not see. Reading localStorage is the costly part of the
 * page's script on a phone (its first use opens the store): main.ts runs this when idle.
 */
export function dropStaleUser(doc: Document) {
  // A reader's shared pages render for nobody (docs/decisions/055): their session is checked
  // by `GET /api/me` (reader-state.ts), a staff one by the page itself.
  const stored = readUserInfo();
  // (Anyone but a reader is staff: common/roles.ts's isStaff, without its table in this script.)
  if (doc.documentElement.dataset.signedIn !== 'true' && stored && stored.role !== 'reader')
    clearUserInfo();
}
