import { PAGE_SEGMENTS, SERVER_SEGMENTS } from '../../../common/paths';
import { siteAddresses, type SeoDeps } from './seo-deps';
import { feeds } from './feeds';
import { sitemaps } from './sitemaps';

export { mainLanguage } from './feeds';
export { siteAddresses, type SeoDeps, type SiteAddresses } from './seo-deps';
export { SITEMAP_MAX_URLS } from './sitemaps';

/** First path segments no crawler needs: they only answer a signed-in person or a program. */
const CRAWLERS_KEEP_OUT = [PAGE_SEGMENTS.admin, SERVER_SEGMENTS.api, PAGE_SEGMENTS.profile];

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
