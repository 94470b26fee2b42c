import { mediaIdOfUrl, sentMediaUrl, type ResponsiveImageInfo } from '../../common/media';

/*
 * The one place that decides how a public image is sent (DECISIONS.md §13, docs/decisions/026):
 * cards, the home header, the article image, author photos (ResponsivePicture renders it as
 * React) and images inside article bodies (responsiveBody writes it into the stored HTML).
 */

/** The `sizes` of an image as wide as the article column (820 px, the whole width on a phone). */
export const ARTICLE_SIZES = '(max-width: 860px) 100vw, 820px';

export interface ResponsiveSource {
  type: 'image/avif' | 'image/webp';
  srcSet: string;
}

/** What a <picture> needs: its sources, best first, and its <img>'s fallback. */
export interface ResponsiveMarkup {
  /** AVIF (when made) then WebP; empty for an image with no variants (hosted elsewhere). */
  sources: ResponsiveSource[];
  /** A WebP variant; the address as given only when there are no variants. */
  src: string;
  /** The size of `src`; unknown for an image hosted elsewhere. */
  width?: number;
  height?: number;
  sizes?: string;
}

const srcSetOf = (list: { width: number; url: string }[], base: string | undefined) =>
  list.map((v) => `${sentMediaUrl(v.url, base)} ${v.width}w`).join(', ');

const byWidth = (list: { width: number; url: string }[]) =>
  [...list].sort((a, b) => a.width - b.width);

/**
 * How to send the image at `url` whose upload is `image` (null: not an upload here): a
 * <source> of AVIF variants when they are made, one of WebP variants, and an <img> fallback to
 * the smallest WebP variant at least `fallbackWidth` wide (else the largest), with that
 * variant's real width and height, never the original upload. An image without variants
 * (hosted elsewhere) is used as it is.
 */
export function responsiveImage(
  url: string,
  image: ResponsiveImageInfo | null | undefined,
  {
    sizes,
    fallbackWidth = 800,
    mediaBase,
  }: {
    sizes: string;
    fallbackWidth?: number;
    /** MEDIA_PUBLIC_URL: where readers fetch uploads from (sentMediaUrl), when set. */
    mediaBase?: string | undefined;
  },
): ResponsiveMarkup {
  const webp = byWidth(image?.variants ?? []);
  const chosen = webp.find((v) => v.width >= fallbackWidth) ?? webp[webp.length - 1];
  if (!image || !chosen)
    return {
      sources: [],
      src: sentMediaUrl(url, mediaBase),
      width: image?.width,
      height: image?.height,
    };
  const avif = byWidth(image.avif);
  return {
    sources: [
      ...(avif.length > 0
        ? [{ type: 'image/avif' as const, srcSet: srcSetOf(avif, mediaBase) }]
        : []),
      { type: 'image/webp', srcSet: srcSetOf(webp, mediaBase) },
    ],
    src: sentMediaUrl(chosen.url, mediaBase),
    width: chosen.width,
    height: Math.max(1, Math.round((image.height * chosen.width) / image.width)),
    sizes,
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `markup` as HTML, for text that is not rendered by React (article bodies): a <picture> with
 * its sources around an <img> that keeps `attributes` (already escaped, as written by the
 * sanitiser: alt, title, loading…); a plain <img> when there are no sources.
 */
export function pictureHtml(markup: ResponsiveMarkup, attributes: [string, string][]): string {
  const own: [string, string | undefined][] = [
    ['src', escapeAttribute(markup.src)],
    ['width', markup.width === undefined ? undefined : String(markup.width)],
    ['height', markup.height === undefined ? undefined : String(markup.height)],
  ];
  const attrs = [...own, ...attributes.filter(([name]) => !own.some(([n]) => n === name))]
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  const img = `<img ${attrs} />`;
  if (markup.sources.length === 0) return img;
  const sizes = escapeAttribute(markup.sizes ?? '100vw');
  const sources = markup.sources
    .map(
      (s) => `<source type="${s.type}" srcset="${escapeAttribute(s.srcSet)}" sizes="${sizes}" />`,
    )
    .join('');
  return `<picture>${sources}${img}</picture>`;
}

/** An <img> tag of sanitised HTML and its attributes (sanitize-html writes name="value"). */
const IMG_TAG = /<img\b([^>]*?)\s*\/?>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:="([^"]*)")?/g;

const attributesOf = (inside: string): [string, string][] =>
  [...inside.matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), m[2] ?? '']);

/** The upload ids of the images of ours in an article's (sanitised) HTML. */
export function bodyImageIds(html: string): string[] {
  const ids = new Set<string>();
  for (const tag of html.matchAll(IMG_TAG)) {
    const src = attributesOf(tag[1] ?? '').find(([name]) => name === 'src')?.[1];
    const id = src && mediaIdOfUrl(src);
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * An article's sanitised HTML with each image of ours (an upload in `images`) sent through
 * responsiveImage, at render time (the stored HTML keeps the address the writer chose). Images
 * hosted elsewhere, and uploads not found, stay as they are. A width the writer gave is kept
 * (the picture shows that wide), with the height that keeps the picture's shape.
 */
export function responsiveBody(
  html: string,
  images: Map<string, ResponsiveImageInfo>,
  mediaBase?: string,
): string {
  if (images.size === 0) return html;
  return html.replace(IMG_TAG, (tag, inside: string) => {
    const attributes = attributesOf(inside);
    const src = attributes.find(([name]) => name === 'src')?.[1];
    const id = src && mediaIdOfUrl(src);
    const image = id ? images.get(id) : undefined;
    if (!src || !image) return tag;
    const given = Number(attributes.find(([name]) => name === 'width')?.[1]);
    const shown = Number.isInteger(given) && given > 0 ? given : undefined;
    const markup = responsiveImage(src, image, {
      mediaBase,
      sizes: shown
        ? `(max-width: 860px) min(100vw, ${shown}px), ${Math.min(shown, 820)}px`
        : ARTICLE_SIZES,
    });
    if (markup.sources.length === 0) return tag;
    const sized =
      shown && markup.width && markup.height
        ? {
            ...markup,
            width: shown,
            height: Math.max(1, Math.round((markup.height * shown) / markup.width)),
          }
        : markup;
    const kept = attributes.filter(
      ([name]) => !['src', 'width', 'height', 'srcset', 'sizes'].includes(name),
    );
    if (!kept.some(([name]) => name === 'decoding')) kept.push(['decoding', 'async']);
    return pictureHtml(sized, kept);
  });
}
