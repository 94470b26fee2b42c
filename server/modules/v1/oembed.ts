import { articlePath } from '../../../common/paths';
import type { SyncedArticle } from '../articles/article-sync';

/** The card's size, as oEmbed's `rich` type asks for it. */
export const OEMBED_WIDTH = 560;
export const OEMBED_HEIGHT = 180;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The largest size the consumer allows (oEmbed §2.2 `maxwidth`, `maxheight`); absent, none. */
export interface OEmbedBounds {
  maxwidth?: number;
  maxheight?: number;
}

export interface OEmbedDeps {
  publicUrl: string;
  articles: { publicByIdOrSlug(idOrSlug: string): Promise<SyncedArticle | undefined> };
  settings: { get(): Promise<{ siteName: string }> };
}

/**
 * The thumbnail's fields, or none where it would exceed the consumer's bounds (oEmbed §2.3.4: a
 * thumbnail respects maxwidth and maxheight). An image of unknown size goes only unbounded.
 */
function thumbnailWithin(
  url: string,
  size: { width: number; height: number } | null | undefined,
  bounds: OEmbedBounds,
) {
  if (!url) return {};
  const { maxwidth = Infinity, maxheight = Infinity } = bounds;
  if (!size) return maxwidth === Infinity && maxheight === Infinity ? { thumbnail_url: url } : {};
  if (size.width > maxwidth || size.height > maxheight) return {};
  return { thumbnail_url: url, thumbnail_width: size.width, thumbnail_height: size.height };
}

/**
 * oEmbed (issue 41 item 5): a `rich` card for a published article's address on this site, so
 * other sites and chat apps embed Patrika stories. Answers undefined for anything else.
 */
export function createOEmbed(deps: OEmbedDeps) {
  return async (address: string, bounds: OEmbedBounds = {}) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return undefined;
    }
    if (url.origin !== new URL(deps.publicUrl).origin) return undefined;
    const slug = url.pathname.split('/').filter(Boolean).at(-1);
    const article = slug
      ? await deps.articles.publicByIdOrSlug(decodeURIComponent(slug))
      : undefined;
    if (!article || articlePath(article) !== url.pathname.replace(/\/$/, '')) return undefined;
    const { siteName } = await deps.settings.get();
    const href = `${deps.publicUrl}${articlePath(article)}`;
    const author = article.authors.map((a) => a.name).join(', ') || article.credit || siteName;
    const image = article.imageUrl.startsWith('/')
      ? `${deps.publicUrl}${article.imageUrl}`
      : article.imageUrl;
    // The provider must not exceed the consumer's maxwidth and maxheight (oEmbed §2.2 and §2.3.4,
    // issue 72 item 2): the card shrinks to them, and a thumbnail that would not fit is left out.
    const width = Math.min(OEMBED_WIDTH, bounds.maxwidth ?? OEMBED_WIDTH);
    const height = Math.min(OEMBED_HEIGHT, bounds.maxheight ?? OEMBED_HEIGHT);
    const pictureWidth = Math.min(120, Math.floor(width / 3));
    const picture = image
      ? `<img src="${escape(image)}" alt="" width="${pictureWidth}" style="float:left;margin-right:12px">`
      : '';
    const html =
      `<blockquote class="patrika-embed" style="max-width:${width}px;max-height:${height}px;overflow:hidden;margin:0">${picture}` +
      `<a href="${escape(href)}"><strong>${escape(article.name)}</strong></a>` +
      `<p>${escape(author)} · ${escape(siteName)}</p></blockquote>`;
    const thumbnail = thumbnailWithin(image, article.image, bounds);
    return {
      version: '1.0',
      type: 'rich',
      title: article.name,
      author_name: author,
      provider_name: siteName,
      provider_url: deps.publicUrl,
      ...thumbnail,
      html,
      width,
      height,
    };
  };
}
