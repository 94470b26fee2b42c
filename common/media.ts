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
