/* Where a redirect parameter may send someone: our own paths only (pages and the server alike). */

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
