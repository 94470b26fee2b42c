import type { UserInfo } from '../../../common/schemas/users';

/** SPEC.md §3: the sign-in response is kept whole in localStorage under this key. */
export const USER_INFO_KEY = 'userInfo';

export function storeUserInfo(info: UserInfo) {
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  } catch {
    // Private mode or full storage: the session cookie still signs the user in.
  }
}

export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export function clearUserInfo() {
  try {
    localStorage.removeItem(USER_INFO_KEY);
  } catch {
    // nothing stored
  }
}

/** Any origin of our own: only the parsed URL's origin is compared with it. */
const HERE = 'https://same-site.invalid';

/**
 * Only same-site paths: a redirect parameter must never send the user to another site. Judged
 * as a browser reads it (tabs and line breaks inside a URL are dropped, so `/<TAB>/evil.example`
 * is `//evil.example`; backslashes count as slashes), and answered percent-encoded, so it is
 * always a valid Location header (CR/LF or non-Latin-1 text there used to answer 500).
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (target ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  if (!cleaned.startsWith('/') || cleaned.startsWith('//') || cleaned.startsWith('/\\'))
    return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  // What is sent is judged again as the browser will resolve it: dot segments, encoded dots and
  // backslashes can leave a path such as `//evil.example`, which is another site's address.
  const sent = `${url.pathname}${url.search}${url.hash}`;
  if (sent.startsWith('//') || sent.startsWith('/\\')) return fallback;
  try {
    if (new URL(sent, HERE).origin !== HERE) return fallback;
  } catch {
    return fallback;
  }
  return sent;
}
