import { clearUserInfo, readUserInfo } from '../features/session/user-info';

/**
 * SPEC.md §3 keeps the signed-in user in localStorage; the session cookie is the truth. When
 * the server rendered the page for nobody (`data-signed-in` is absent), a stale stored user is
 * dropped; signing out drops it too.
 */
export function tidySession(doc: Document) {
  if (doc.documentElement.dataset.signedIn !== 'true' && readUserInfo()) clearUserInfo();
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-sign-out]'))
    form.addEventListener('submit', clearUserInfo);
}
