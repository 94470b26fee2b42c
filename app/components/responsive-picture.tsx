import type { ImgHTMLAttributes } from 'react';
import type { ResponsiveImageInfo } from '../../common/media';
import { useMediaBase } from './media-base';
import { responsiveImage } from './responsive-image';

/**
 * A public image as a <picture>: AVIF and WebP variants with `srcset` and `sizes`, and an <img>
 * falling back to a WebP variant with its real width and height (responsiveImage decides; the
 * article body's images get the same markup from responsiveBody). An image hosted elsewhere is
 * a plain <img> of `url`, `fallbackSize` wide and high (its shape is not known).
 */
export function ResponsivePicture({
  url,
  image,
  sizes,
  fallbackWidth,
  fallbackSize,
  ...img
}: {
  url: string;
  image: ResponsiveImageInfo | null | undefined;
  sizes: string;
  fallbackWidth?: number;
  fallbackSize: { width: number; height: number };
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'>) {
  const mediaBase = useMediaBase();
  const markup = responsiveImage(url, image, { sizes, fallbackWidth, mediaBase });
  const tag = (
    <img
      src={markup.src}
      {...img}
      width={markup.width ?? fallbackSize.width}
      height={markup.height ?? fallbackSize.height}
    />
  );
  if (markup.sources.length === 0) return tag;
  return (
    <picture>
      {markup.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={markup.sizes} />
      ))}
      {tag}
    </picture>
  );
}
