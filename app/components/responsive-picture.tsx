import type { ImgHTMLAttributes } from 'react';
import type { ResponsiveImageInfo } from '../../common/media';
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
  const markup = responsiveImage(url, image, { sizes, fallbackWidth });
  const width = markup.width ?? fallbackSize.width;
  const height = markup.height ?? fallbackSize.height;
  const tag = <img src={markup.src} {...img} width={width} height={height} />;
  if (markup.sources.length === 0) return tag;
  return (
    <picture>
      {markup.sources.map((s) => (
        // The size again: Chromium takes the picture's shape from the chosen <source>, and one
        // without width and height left the image no room until it arrived (a layout shift once
        // the first paint no longer waits for a stylesheet, ADR 028).
        <source
          key={s.type}
          type={s.type}
          srcSet={s.srcSet}
          sizes={markup.sizes}
          width={width}
          height={height}
        />
      ))}
      {tag}
    </picture>
  );
}
