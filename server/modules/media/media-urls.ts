/** Uploaded files are served at /media/<storage key>. */
export const MEDIA_PREFIX = '/media/';

export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

/** The storage key of an address on this site under /media/, else undefined. */
export const keyOfMediaUrl = (url: string) =>
  url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined;

/** The upload id of an address of one of its files (common/media.ts). */
export { mediaIdOfUrl } from '../../../common/media';
