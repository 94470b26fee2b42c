import type { ArticleCard } from '../../common/schemas/articles';

type ImageInfo = NonNullable<ArticleCard['image']>;

/**
 * What an <img> needs to load a resized variant, never the original upload, when there are
 * variants (DECISIONS.md §13): `src` is the smallest variant at least `fallbackWidth` wide (or
 * the largest), `srcSet` lists every variant by width, and width and height are the chosen
 * variant's real size. An image without variants (small, or hosted elsewhere) is used as is.
 */
export function responsiveImage(url: string, image: ImageInfo | null, fallbackWidth = 800) {
  const variants = [...(image?.variants ?? [])].sort((a, b) => a.width - b.width);
  if (!image || variants.length === 0)
    return { src: url, width: image?.width, height: image?.height };
  const chosen = variants.find((v) => v.width >= fallbackWidth) ?? variants[variants.length - 1];
  const width = chosen?.width ?? image.width;
  return {
    src: chosen?.url ?? url,
    srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
    width,
    height: Math.round((image.height * width) / image.width),
  };
}
