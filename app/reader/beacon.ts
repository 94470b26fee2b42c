/*
 * The analytics beacon (issue 38 item 1, DECISIONS.md §26): a `view` once the page is shown and
 * an `engaged` one, with the seconds the page was visible and how far down the reader went,
 * each time it is hidden. Everything it sends comes from the browser (the address, the referrer,
 * the article named by `data-view-article`), so the page's bytes stay the same for every reader.
 * navigator.sendBeacon with a string sends text/plain: no preflight, and it survives the page
 * closing. No cookie, no storage.
 */
const ENDPOINT = '/api/analytics/event';

const send = (body: object) => {
  const data = JSON.stringify(body);
  if (!navigator.sendBeacon?.(ENDPOINT, data))
    void fetch(ENDPOINT, { method: 'POST', body: data, keepalive: true }).catch(() => {});
};

/** The page's utm_* fields, when it has any. */
function utmOf(search: string) {
  const query = new URLSearchParams(search);
  let utm: Record<string, string> | undefined;
  for (const field of ['source', 'medium', 'campaign']) {
    const value = query.get(`utm_${field}`);
    if (value) (utm ??= {})[field] = value.slice(0, 100);
  }
  return utm;
}

/** Per cent of the page the reader has seen, at most. */
const scrolled = () => {
  const page = document.documentElement;
  const seen = scrollY + innerHeight;
  return Math.min(100, Math.round((100 * seen) / Math.max(page.scrollHeight, 1)));
};

export function sendBeacons(root: ParentNode) {
  // Fields left undefined (no article, no utm_*) are not sent: JSON.stringify drops them.
  const base = {
    path: location.pathname,
    articleId: root.querySelector<HTMLElement>('[data-view-article]')?.dataset.viewArticle,
    referrer: document.referrer,
    utm: utmOf(location.search),
  };
  let visibleSince = document.visibilityState === 'visible' ? performance.now() : undefined;
  let visibleMs = 0;
  let deepest = 0;
  addEventListener('scroll', () => (deepest = Math.max(deepest, scrolled())), { passive: true });
  const shown = () => {
    deepest = Math.max(deepest, scrolled());
    send({ type: 'view', ...base });
  };
  if (document.readyState === 'complete') shown();
  else addEventListener('load', shown, { once: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      visibleSince = performance.now();
      return;
    }
    if (visibleSince !== undefined) visibleMs += performance.now() - visibleSince;
    visibleSince = undefined;
    // Each hiding sends the seconds since the last one: the rollups add them up.
    const seconds = Math.round(visibleMs / 1000);
    visibleMs = 0;
    send({ type: 'engaged', ...base, seconds, scroll: Math.max(deepest, scrolled()) });
  });
}
