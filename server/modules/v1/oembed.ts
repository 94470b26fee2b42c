import { articlePath } from '../../../common/paths';
import type { SyncedArticle } from '../articles/article-sync';

/** The card's size, as oEmbed's `rich` type asks for it. */
export const OEMBED_WIDTH = 560;
export const OEMBED_HEIGHT = 180;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface OEmbedDeps {
  publicUrl: string;
  articles: { publicByIdOrSlug(idOrSlug: string): Promise<SyncedArticle | undefined> };
  settings: { get(): Promise<{ siteName: string }> };
}

/**
 * oEmbed (issue 41 item 5): a `rich` card for a published article's address on this site, so
 * other sites and chat apps embed Patrika stories. Answers undefined for anything else.
 */
export function createOEmbed(deps: OEmbedDeps) {
  return async (address: string) => {
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
    const picture = image
      ? `<img src="${escape(image)}" alt="" width="120" style="float:left;margin-right:12px">`
      : '';
    const html =
      `<blockquote class="patrika-embed" style="max-width:${OEMBED_WIDTH}px;margin:0">${picture}` +
      `<a href="${escape(href)}"><strong>${escape(article.name)}</strong></a>` +
      `<p>${escape(author)} · ${escape(siteName)}</p></blockquote>`;
    return {
      version: '1.0',
      type: 'rich',
      title: article.name,
      author_name: author,
      provider_name: siteName,
      provider_url: deps.publicUrl,
      ...(image ? { thumbnail_url: image } : {}),
      ...(article.image
        ? { thumbnail_width: article.image.width, thumbnail_height: article.image.height }
        : {}),
      html,
      width: OEMBED_WIDTH,
      height: OEMBED_HEIGHT,
    };
  };
}
