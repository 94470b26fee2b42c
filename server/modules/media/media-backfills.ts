/*
 * Work on uploads stored by older code or left to a job: AVIF variants and crops they lack,
 * metadata they kept (docs/decisions/014, 035).
 */
import sharp from 'sharp';
import type { MediaVariant } from '../../../db/schema/media';
import {
  listMediaWithoutAvif,
  listMediaWithoutCrops,
  listOriginalsAfter,
  saveAvifVariants,
  saveCrops,
  saveOriginal,
} from './media-repository';
import { sniffImage } from './media-sniff';
import {
  encodeVariants,
  folderOf,
  makeCrops,
  servedOriginal,
  stored,
  uprightSize,
  variantWidthsFor,
  type EncodedVariant,
} from './media-images';
import type { MediaContext } from './media-deps';

/**
 * The AVIF variants (and, for an original narrower than every width, the one WebP variant)
 * of one stored upload, written to storage; undefined when its original is gone or
 * unreadable, with whatever was written removed again.
 */
async function missingVariantsOf(
  { storage, decoding }: Pick<MediaContext, 'storage' | 'decoding'>,
  row: { storageKey: string; variants: MediaVariant[] },
): Promise<EncodedVariant[] | undefined> {
  const original = await storage.get(row.storageKey);
  if (!original) return undefined;
  const folder = folderOf(row.storageKey);
  const written: string[] = [];
  return decoding
    .run(async () => {
      const meta = await sharp(original.data).metadata();
      // The WebP widths already made; an original narrower than all had none.
      const widths =
        row.variants.length > 0
          ? row.variants.map((v) => v.width)
          : variantWidthsFor(uprightSize(meta).width);
      // A stored original was decoded within the deadline once already: no limit here.
      const variants = await encodeVariants(
        original.data,
        { orientation: meta.orientation, seconds: 0 },
        folder,
        widths,
        { webp: row.variants.length === 0, avif: true },
      );
      for (const variant of variants) {
        await storage.put(variant.key, variant.data, `image/${variant.format}`);
        written.push(variant.key);
      }
      return variants;
    })
    .catch(async () => {
      await Promise.allSettled(written.map((key) => storage.remove(key)));
      return undefined;
    });
}

/** Makes and records the AVIF variants `row` lacks; a lost or unreadable original gets none. */
export async function completeVariants(
  ctx: MediaContext,
  row: { id: string; storageKey: string; variants: MediaVariant[] },
): Promise<void> {
  const made = await missingVariantsOf(ctx, row);
  const saved = await saveAvifVariants(ctx.db, row.id, {
    avif: made ? stored(made, 'avif') : [],
    ...(made && row.variants.length === 0 ? { variants: stored(made, 'webp') } : {}),
  });
  // The upload was deleted while they were made: its delete removed the files it knew of, so
  // the ones made since are removed here, or nothing would ever name them again. Another
  // worker that recorded its own first named the same files: they stay.
  if (saved === 'gone') for (const file of made ?? []) await ctx.storage.remove(file.key);
}

/** How a backfill is told to stop between batches (the app is closing). */
interface Stopping {
  stopped?: () => boolean;
}

/**
 * Runs `work` on each row `next` lists, batch after batch in id order (each batch after the
 * last one's final id, so no batch reads again the rows the ones before passed over), until a
 * batch is empty or `stopped` says so. A walk that did some is followed by one more from the
 * start, for rows added behind it meanwhile (an import's); rows added during that one wait for
 * the next run. Answers how many rows were done.
 */
export async function eachUntilNone<T extends { id: string }>(
  next: (afterId: string | null) => Promise<T[]>,
  work: (row: T) => Promise<void>,
  opts: Stopping,
): Promise<number> {
  let done = 0;
  for (let walk = 1; walk <= 2; walk++) {
    const before = done;
    let after: string | null = null;
    for (;;) {
      if (opts.stopped?.()) return done;
      const batch = await next(after);
      if (batch.length === 0) break;
      for (const row of batch) {
        await work(row);
        after = row.id;
        done++;
      }
    }
    if (done === before) break;
  }
  return done;
}

/** Work on uploads stored by older code: variants and crops they lack, metadata they kept. */
export function mediaBackfills(ctx: MediaContext) {
  const { db, storage, decoding } = ctx;
  return {
    /**
     * Makes the AVIF variants of uploads that have none (stored before AVIF), and the one WebP
     * variant of an original narrower than every variant width, which had none; in the
     * background at start-up and by `npm run media:variants`. An original that is gone or
     * unreadable gets an empty list, so it is not tried again. Answers how many uploads were done.
     */
    makeMissingVariants: (opts: Stopping = {}) =>
      eachUntilNone(
        (after) => listMediaWithoutAvif(db, 20, after),
        (row) => completeVariants(ctx, row),
        opts,
      ),

    /**
     * Strips camera, GPS and other metadata from originals stored before uploads were cleaned
     * (docs/decisions/014), turning them upright, in place: the same address serves the clean
     * file. Clean files are left byte for byte. `npm run media:strip-metadata`; answers how
     * many originals were looked at and how many were rewritten.
     */
    async stripStoredMetadata(): Promise<{ checked: number; stripped: number }> {
      let checked = 0;
      let stripped = 0;
      let after: string | null = null;
      for (;;) {
        const batch = await listOriginalsAfter(db, after, 50);
        if (batch.length === 0) return { checked, stripped };
        for (const row of batch) {
          after = row.id;
          checked++;
          const file = await storage.get(row.storageKey);
          const format = file && sniffImage(file.data);
          if (!file || !format) continue;
          const cleaned = await decoding
            .run(async () => {
              const meta = await sharp(file.data, { animated: format === 'gif' }).metadata();
              return servedOriginal(file.data, format, meta, 0);
            })
            .catch(() => undefined); // an unreadable file is left as it is
          if (!cleaned || cleaned.data === file.data) continue;
          await storage.put(row.storageKey, cleaned.data, file.contentType);
          await saveOriginal(db, row.id, {
            bytes: cleaned.data.length,
            width: cleaned.width,
            height: cleaned.height,
          });
          stripped++;
        }
      }
    },

    /**
     * Makes the crops of uploads that have none (stored before crops existed, or by an older
     * archive); run in the background at start-up. An original that is gone or unreadable gets
     * an empty list, so it is not tried again. Answers how many uploads were done.
     */
    makeMissingCrops: (opts: Stopping = {}) =>
      eachUntilNone(
        (after) => listMediaWithoutCrops(db, 20, after),
        async (row) => {
          const original = await storage.get(row.storageKey);
          const written: string[] = [];
          const crops = original
            ? await decoding
                .run(async () => {
                  const meta = await sharp(original.data).metadata();
                  return makeCrops(
                    original.data,
                    meta,
                    folderOf(row.storageKey),
                    storage,
                    written,
                    0,
                  );
                })
                .catch(async () => {
                  await Promise.allSettled(written.map((key) => storage.remove(key)));
                  return [];
                })
            : [];
          await saveCrops(db, row.id, crops);
        },
        opts,
      ),
  };
}
