import type { Db } from '../../../db/client';
import type { CropRatio } from '../../../common/articles';
import type { MediaVariant } from '../../../db/schema/media';
import { sharedImageOf, type ResponsiveImageInfo } from '../../../common/media';
import { createKeyedSemaphore, createSemaphore } from '../../lib/semaphore';
import {
  findImageByKey,
  findMediaIdByKey,
  findMediaWithoutAvif,
  findImagesByIds,
} from './media-repository';
import { createMediaLibrary } from './media-library';
import { keyOfMediaUrl, mediaIdOfUrl, mediaUrl } from './media-urls';
import { DECODE_DEADLINE_SECONDS, IMAGES_AT_ONCE, IMAGES_AT_ONCE_PER_PERSON } from './media-limits';
import type { MediaContext, MediaDeps } from './media-deps';
import { storeImage, type StoreOptions } from './media-uploads';
import { completeVariants, mediaBackfills } from './media-backfills';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A media row's size and variants as the addresses pages use. */
export const responsiveInfo = (row: {
  width: number;
  height: number;
  variants: MediaVariant[] | null;
  avif: MediaVariant[] | null;
}): ResponsiveImageInfo => ({
  width: row.width,
  height: row.height,
  variants: (row.variants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
  avif: (row.avif ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
});

export function createMediaService(deps: MediaDeps) {
  const { db, storage, clock } = deps;
  const storageIn = (tx: Db) => deps.storageIn?.(tx) ?? storage;
  // Both bounds are this process's: what they share out is its memory and its cores (libvips
  // decodes in this process's threads), which no other process could lend or take.
  const decoding = createSemaphore(IMAGES_AT_ONCE);
  const perPerson = createKeyedSemaphore(IMAGES_AT_ONCE_PER_PERSON);
  const ctx: MediaContext = {
    db,
    storage,
    clock,
    storageIn,
    decoding,
    decodeFor: (person, task) =>
      person ? perPerson.run(person, () => decoding.run(task)) : decoding.run(task),
    decodeSeconds: deps.decodeSeconds ?? DECODE_DEADLINE_SECONDS,
    jobs: deps.jobs,
    outbox: deps.outbox,
  };
  return {
    storage,
    /** Where files go inside the caller's transaction `tx`. */
    storageIn,
    ...mediaLookups(ctx),
    /**
     * Stores an image and its variants. Refuses anything that is not a raster image we accept;
     * on any failure the bytes already written are removed, so nothing half-stored remains.
     */
    storeImage: (data: Buffer, options: StoreOptions = {}) => storeImage(ctx, data, options),
    /**
     * Makes the AVIF variants of the upload `id` if they are still to make (MEDIA_VARIANTS_JOB);
     * answers whether it made any. Running it again changes nothing.
     */
    async makeVariantsOf(id: string): Promise<boolean> {
      const row = UUID.test(id) ? await findMediaWithoutAvif(db, id) : null;
      if (!row) return false;
      await completeVariants(ctx, row);
      return true;
    },
    /** The media library's list, texts and deletes (media-library.ts). */
    library: createMediaLibrary({ db, storage, outbox: deps.outbox }),
    ...mediaBackfills(ctx),
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

/** Finding uploads by address or id, and what pages need to show them. */
function mediaLookups({ db }: Pick<MediaContext, 'db'>) {
  const imagesByIds = async (ids: string[]): Promise<Map<string, ResponsiveImageInfo>> => {
    const found = new Map<string, ResponsiveImageInfo>();
    const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
    if (wanted.length === 0) return found;
    for (const row of await findImagesByIds(db, wanted)) found.set(row.id, responsiveInfo(row));
    return found;
  };
  return {
    /** The upload whose original is at this address on our site, if any. */
    async idForUrl(url: string, tx?: Db): Promise<string | null> {
      const key = keyOfMediaUrl(url);
      return key ? ((await findMediaIdByKey(tx ?? db, key)) ?? null) : null;
    },

    /**
     * What to show when a page with this upload is shared: its crop in `ratio` when made, else
     * the original, with the size. Undefined for an address that is not an upload here.
     */
    async imageForSharing(
      url: string,
      ratio?: CropRatio,
    ): Promise<{ url: string; width: number; height: number } | undefined> {
      const key = keyOfMediaUrl(url);
      const row = key ? await findImageByKey(db, key) : undefined;
      if (!row) return undefined;
      const crops = (row.crops ?? []).map((c) => ({ ...c, url: mediaUrl(c.key) }));
      return sharedImageOf({ url, width: row.width, height: row.height }, crops, ratio);
    },

    /**
     * What pages need to show these uploads responsively, by upload id (the uuid in a media
     * address's folder, `mediaIdOfUrl`): size, WebP and AVIF variants' addresses. Ids that are
     * not uploads here are left out.
     */
    imagesByIds,

    /** The responsive image of one address on our site (an upload), else null. */
    async imageForUrl(url: string | null | undefined): Promise<ResponsiveImageInfo | null> {
      const id = url ? mediaIdOfUrl(url) : undefined;
      if (!id) return null;
      return (await imagesByIds([id])).get(id) ?? null;
    },
  };
}
