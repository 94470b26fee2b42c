import type { MetaDescriptor } from 'react-router';

/** Title with the site's short name first (SPEC.md §2 "prefixed with a short site name"). */
export const pageTitle = (shortName: string, title: string) => `${shortName} | ${title}`;

/**
 * Title, description, canonical and the social cards for an ordinary page. The title starts
 * with the short name; `og:site_name` is the site's whole name (both from the settings).
 */
export function pageMeta(opts: {
  shortName: string;
  siteName: string;
  title: string;
  description: string;
  url: string;
  image?: string | undefined;
  type?: 'website' | 'article' | 'profile';
  keywords?: string;
}): MetaDescriptor[] {
  const title = pageTitle(opts.shortName, opts.title);
  return [
    { title },
    { name: 'description', content: opts.description },
    ...(opts.keywords ? [{ name: 'keywords', content: opts.keywords }] : []),
    { tagName: 'link', rel: 'canonical', href: opts.url },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: opts.description },
    { property: 'og:url', content: opts.url },
    { property: 'og:site_name', content: opts.siteName },
    ...(opts.image ? [{ property: 'og:image', content: opts.image }] : []),
    { name: 'twitter:card', content: opts.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: opts.description },
    ...(opts.image ? [{ name: 'twitter:image', content: opts.image }] : []),
  ];
}

/** An absolute address for a path on this site (images may already be absolute). */
export const absoluteUrl = (publicUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${publicUrl}${path}`;
