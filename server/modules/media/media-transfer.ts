import { media } from '../../../db/schema/media';

/*
 * The media module's door for moving uploads in and out: the site archive copies `media`
 * rows through here and each row's files through the media storage (never `media_blobs`
 * directly, so an archive moves between MEDIA_STORAGE=fs and db).
 */

export const MEDIA_TABLES = [media] as const;

/** Every storage key of an upload: the original, its WebP and AVIF variants and its crops. */
export const filesOf = (row: {
  storageKey: string;
  variants: { key: string }[];
  avif?: { key: string }[] | null;
  crops?: { key: string }[] | null;
}) => [
  row.storageKey,
  ...row.variants.map((v) => v.key),
  ...(row.avif ?? []).map((v) => v.key),
  ...(row.crops ?? []).map((c) => c.key),
];
