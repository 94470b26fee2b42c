import type { NamedCategory } from '../../../common/category-names';
import { sentMediaUrl } from '../../../common/media';
import { PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { SettingsService } from '../settings/settings-service';
import { feeds } from './feeds';
import { sitemaps } from './sitemaps';

export { mainLanguage } from './feeds';
export { SITEMAP_MAX_URLS } from './sitemaps';

/** First path segments no crawler needs: they only answer a signed-in person or a program. */
const CRAWLERS_KEEP_OUT = [PAGE_SEGMENTS.admin, SERVER_SEGMENTS.api, PAGE_SEGMENTS.profile];

/** What the SEO module needs of the others; the composition root passes their services. */
export interface SeoDeps {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  categories: {
    findBySlug(
      slug: string,
    ): Promise<(NamedCategory & { _id: string; slug: string; description: string }) | undefined>;
    currentSlugFor(formerSlug: string): Promise<string | undefined>;
    /** The categories under `id`: its feed carries their stories too (issue 26 item 6). */
    childIds(id: string): Promise<string[]>;
  };
  users: {
    authorBySlug(slug: string): Promise<{ _id: string; name: string; bio: string } | undefined>;
  };
  articles: {
    tagBySlug(slug: string): Promise<{ _id: string; name: string; slug: string } | undefined>;
  };
  publicUrl: string;
  /** MEDIA_PUBLIC_URL: where uploads are fetched from, when set (common/media.ts sentMediaUrl). */
  mediaBase?: string | undefined;
  sitemapMaxUrls?: number;
}

/** Addresses on this site made absolute, for documents read by other sites and crawlers. */
export function siteAddresses(publicUrl: string, mediaBase?: string) {
  const absolute = (path: string) => {
    const sent = sentMediaUrl(path, mediaBase);
    return /^https?:\/\//.test(sent) ? sent : `${publicUrl}${sent}`;
  };
  return {
    absolute,

    /** An address in a page's HTML, absolute; undefined for what no crawler can fetch. */
    absoluteFromHtml: (src: string): string | undefined => {
      try {
        const url = new URL(sentMediaUrl(src, mediaBase), `${publicUrl}/`);
        return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
      } catch {
        return undefined;
      }
    },

    /** Body HTML for another site: addresses on this site (`/media/…`, `/about-us`) made absolute. */
    absoluteLinks: (html: string) =>
      html.replace(
        /(\s(?:src|href)=")(\/(?!\/)[^"]*)"/gi,
        (_, before: string, path: string) => `${before}${absolute(path)}"`,
      ),
  };
}
export type SiteAddresses = ReturnType<typeof siteAddresses>;

export function createSeoService(deps: SeoDeps) {
  const addresses = siteAddresses(deps.publicUrl, deps.mediaBase);
  return {
    ...sitemaps(deps, addresses),
    ...feeds(deps, addresses),

    /**
     * Crawlers stay out of the back office, the API and the profile page, and only them: each
     * rule names a whole first segment (`/admin` itself and what is under `/admin/`), so a
     * category such as `administration` stays open (robots.txt rules are prefixes, RFC 9309;
     * `$` anchors the end).
     */
    robots(): string {
      return [
        'User-agent: *',
        ...CRAWLERS_KEEP_OUT.flatMap((segment) => [
          `Disallow: /${segment}$`,
          `Disallow: /${segment}/`,
        ]),
        '',
        `Sitemap: ${addresses.absolute('/sitemap.xml')}`,
        `Sitemap: ${addresses.absolute('/news-sitemap.xml')}`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
