/*
 * What the SEO module needs of the others, and the site's addresses made absolute: its parts
 * (feeds.ts, sitemaps.ts) import this file, never seo-service.ts, which composes them.
 */
import type { NamedCategory } from '../../../common/category-names';
import type { Correction } from '../../../common/schemas/corrections';
import { sentMediaUrl } from '../../../common/media';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { SettingsService } from '../settings/settings-service';

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
    /** The stories' corrections by id, newest first (a feed item carries its note). */
    correctionsByArticle(ids: string[]): Promise<Map<string, readonly Correction[]>>;
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
