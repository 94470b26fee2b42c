import type { AnalyticsSource } from '../../../common/schemas/analytics';

/*
 * Where a view came from (issue 38 item 2). UTM wins over the referrer, because push alerts and
 * newsletters open pages with no referrer at all; then the referrer's host. README's
 * "Analytics" section lists the same rules for the newsroom.
 */

/** utm_source values that name a class outright. */
const UTM_SOURCES: Record<string, AnalyticsSource> = {
  newsletter: 'newsletter',
  push: 'push',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  twitter: 'x',
  x: 'x',
  telegram: 'telegram',
  instagram: 'instagram',
  linkedin: 'linkedin',
  'google-news': 'google-news',
  discover: 'discover',
};

/** Referrer hosts by their registrable part (a host matches itself or any subdomain). */
const HOSTS: [string, AnalyticsSource][] = [
  ['news.google.com', 'google-news'],
  ['bing.com', 'bing'],
  ['whatsapp.com', 'whatsapp'],
  ['wa.me', 'whatsapp'],
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['x.com', 'x'],
  ['twitter.com', 'x'],
  ['t.co', 'x'],
  ['t.me', 'telegram'],
  ['telegram.org', 'telegram'],
  ['instagram.com', 'instagram'],
  ['linkedin.com', 'linkedin'],
  ['lnkd.in', 'linkedin'],
];

/** The Android apps whose `android-app://` referrers name a class. */
const APPS: Record<string, AnalyticsSource> = {
  // The Google app: Discover's feed (and its search box) opens pages with this referrer.
  'com.google.android.googlequicksearchbox': 'discover',
  'com.google.android.apps.magazines': 'google-news',
  'com.google.android.gm': 'other',
  'com.whatsapp': 'whatsapp',
  'com.facebook.katana': 'facebook',
  'org.telegram.messenger': 'telegram',
  'com.instagram.android': 'instagram',
  'com.linkedin.android': 'linkedin',
  'com.twitter.android': 'x',
};

/**
 * A page of this site's e-paper (issue 68 item 5: `/epaper`, its issues, pages, clips, archive):
 * a view referred from one came from the e-paper, not from the rest of the site.
 */
const EPAPER_PATH = /^\/epaper(?:[/?#]|$)/;

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
/** google.com, google.co.in, www.google.de, … (not news.google.com, matched before). */
const isGoogle = (host: string) => /(^|\.)google\.([a-z]{2,3})(\.[a-z]{2})?$/.test(host);

/**
 * The class of one view: `utmSource` (the page address's utm_source), `referrer` (the page's
 * document.referrer) and `siteHost` (this site's host: a referrer from it is `internal`).
 */
export function classifySource(opts: {
  referrer: string;
  utmSource?: string | undefined;
  siteHost: string;
}): AnalyticsSource {
  const utm = opts.utmSource?.trim().toLowerCase();
  if (utm && UTM_SOURCES[utm]) return UTM_SOURCES[utm];
  if (!opts.referrer) return 'direct';
  let url: URL;
  try {
    url = new URL(opts.referrer);
  } catch {
    return 'other';
  }
  if (url.protocol === 'android-app:') return APPS[url.hostname.toLowerCase()] ?? 'other';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === opts.siteHost.toLowerCase())
    return EPAPER_PATH.test(url.pathname) ? 'epaper' : 'internal';
  for (const [domain, source] of HOSTS) if (under(host, domain)) return source;
  if (isGoogle(host)) return 'google';
  return 'other';
}

/** A referrer's scheme and authority (`https://www.google.com`), all its class depends on. */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i;
/** Origins whose class a classifier keeps at most; past it, it starts again. */
const KEPT_ORIGINS = 1000;

/**
 * `classifySource` for this site, its answers kept by the referrer's origin (a referrer parsed
 * once per origin, not once per view: 2,000 views a second on counting day). Only the origin is
 * kept, never a page's address; a referrer without one is classified as it comes.
 */
export function createSourceClassifier(siteHost: string) {
  let kept = new Map<string, AnalyticsSource>();
  return (referrer: string, utmSource?: string): AnalyticsSource => {
    const utm = utmSource?.trim().toLowerCase();
    if (utm && UTM_SOURCES[utm]) return UTM_SOURCES[utm];
    const origin = ORIGIN.exec(referrer)?.[0];
    if (origin === undefined) return classifySource({ referrer, siteHost });
    let source = kept.get(origin);
    if (source === undefined) {
      source = classifySource({ referrer: `${origin}/`, siteHost });
      if (kept.size >= KEPT_ORIGINS) kept = new Map();
      kept.set(origin, source);
    }
    // This site's own pages: the e-paper's are a source of their own (the path, read as it comes).
    if (source === 'internal' && EPAPER_PATH.test(referrer.slice(origin.length))) return 'epaper';
    return source;
  };
}
