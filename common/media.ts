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

/** What a page needs to show an upload responsively: its size and WebP and AVIF variants. */
export type ResponsiveImageInfo = CardImage;
