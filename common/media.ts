import type { CropRatio } from './articles';
import type { CardImage } from './schemas/articles';

/**
 * The upload id of an address of one of its files on this site (`/media/YYYY/MM/<id>/…`: the
 * original, a variant or a crop), else undefined. The folder's uuid is the upload's id
 * (server/modules/media/media-service.ts).
 */
export const mediaIdOfUrl = (url: string): string | undefined =>
  /^\/media\/\d{4}\/\d{2}\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[\w.-]+$/.exec(
    url,
  )?.[1];

/**
 * The address readers fetch a stored media address from: with MEDIA_PUBLIC_URL (`base`), the
 * bucket's own address or its CDN's, which hold the same keys; else the address as stored, which
 * Patrika serves. Addresses that are not this site's media are left alone.
 */
export const sentMediaUrl = (url: string, base: string | undefined): string =>
  base && url.startsWith('/media/') ? `${base}/${url.slice('/media/'.length)}` : url;

/** What a page needs to show an upload responsively: its size and WebP and AVIF variants. */
export type ResponsiveImageInfo = CardImage;

/** The crop a page's share card shows of an upload, unless the page asks for another. */
export const SHARE_RATIO: CropRatio = '16x9';

/**
 * What a share card shows of an upload: its crop in `ratio` when made, else the original at
 * `url`, with the size (uploads from before crops have none).
 */
export function sharedImageOf(
  original: { url: string; width: number; height: number },
  crops: readonly { ratio: CropRatio; url: string; width: number; height: number }[],
  ratio: CropRatio = SHARE_RATIO,
): { url: string; width: number; height: number } {
  const crop = crops.find((c) => c.ratio === ratio);
  return crop
    ? { url: crop.url, width: crop.width, height: crop.height }
    : { url: original.url, width: original.width, height: original.height };
}
