/*
 * Storing an upload: its header checked, its pixels made into variants and crops within a
 * decoding slot, its files written and its row (and event) recorded; nothing half-stored remains.
 */
import { randomUUID } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { Db } from '../../../db/client';
import type { CropRatio } from '../../../common/articles';
import { unsupportedMediaType } from '../../lib/errors';
import type { EventDraft, Outbox } from '../../events/outbox';
import type { ImageFormat } from './media-sniff';
import { insertMedia } from './media-repository';
import { contentTypeOfKey } from './media-storage';
import { mediaUrl } from './media-urls';
import {
  DecodeDeadline,
  encodeVariants,
  makeCrops,
  servedOriginal,
  stored,
  uprightSize,
  variantWidthsFor,
} from './media-images';
import { readableImage, tooSlowToDecode } from './media-limits';
import { MEDIA_VARIANTS_JOB, type MediaContext, type MediaJobs } from './media-deps';

export interface StoredImage {
  _id: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
  /** The same widths in AVIF (issue 11 item 1). */
  avif: { width: number; url: string }[];
  /** The 16:9, 4:3 and 1:1 crops (issue 12 item 4). */
  crops: { ratio: CropRatio; width: number; height: number; url: string }[];
}

export interface StoreOptions {
  uploadedBy?: string | null;
  /** The name the file had on the uploader's computer, for the library's search. */
  filename?: string;
  /** A caller's transaction (an import) the row and, with MEDIA_STORAGE=db, the bytes join. */
  tx?: Db;
  /** Makes the AVIF variants before answering, not in a job (the demo seed; imports always). */
  avifNow?: boolean;
}

/** Characters of an upload's file name kept for the library (file systems allow 255). */
export const FILENAME_MAX = 255;

/**
 * The file's own name as a browser sent it, without any folder (some send a whole path),
 * control characters or surrounding spaces, at most FILENAME_MAX characters.
 */
const fileNameOf = (sent: string | undefined) =>
  ((sent ?? '').split(/[/\\]/).at(-1) ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, FILENAME_MAX);

/**
 * An upload's variants and its upright, clean original, made while holding a decoding slot. The
 * variants first: their decoding is all within the deadline, while sharp's clock misses the
 * served original's turn of the whole picture, so an image too slow is refused before that.
 */
async function processUpload(
  data: Buffer,
  upload: {
    format: ImageFormat;
    meta: Metadata;
    folder: string;
    avif: boolean;
    decodeSeconds: number;
  },
) {
  const { format, meta, folder, decodeSeconds } = upload;
  const widths = variantWidthsFor(uprightSize(meta).width);
  const how = { orientation: meta.orientation, seconds: decodeSeconds };
  const formats = { webp: true, avif: upload.avif };
  const variants = await encodeVariants(data, how, folder, widths, formats);
  const original = await servedOriginal(data, format, meta, decodeSeconds);
  return { original, variants };
}

export async function storeImage(
  { db, clock, storage, storageIn, decodeFor, decodeSeconds, jobs, outbox }: MediaContext,
  data: Buffer,
  options: StoreOptions,
): Promise<StoredImage> {
  const rows = options.tx ?? db;
  const files = options.tx ? storageIn(options.tx) : storage;
  const { format, meta } = await readableImage(data);

  const id = randomUUID();
  const now = clock.now();
  const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const originalKey = `${folder}/original.${format}`;
  // AVIF is left to a job when there is one and no caller's transaction the row may yet leave.
  const avifLater = jobs !== undefined && options.tx === undefined && !options.avifNow;
  const written: string[] = [];
  try {
    // The crops (for search engines and share cards) and the variants each take a decoding slot
    // (one after the other, as the uploader's: decodeFor); both are waited for before anything
    // is judged, so a failure of one never leaves the other writing files after the clean-up.
    const person = options.uploadedBy;
    const [processed, cropped] = await Promise.allSettled([
      decodeFor(person, () =>
        processUpload(data, { format, meta, folder, avif: !avifLater, decodeSeconds }),
      ).catch((error: unknown) => {
        if (error instanceof DecodeDeadline) throw tooSlowToDecode(error.seconds);
        // A header that reads but pixels that do not (a cut-short file) is the upload's fault.
        throw unsupportedMediaType('media.unreadable');
      }),
      decodeFor(person, () => makeCrops(data, meta, folder, files, written, decodeSeconds)).catch(
        (error: unknown) => {
          throw error instanceof DecodeDeadline ? tooSlowToDecode(error.seconds) : error;
        },
      ),
    ]);
    if (processed.status === 'rejected') throw processed.reason;
    if (cropped.status === 'rejected') throw cropped.reason;
    const { original, variants } = processed.value;
    const crops = cropped.value;
    const { width, height } = original;
    await files.put(originalKey, original.data, contentTypeOfKey(originalKey));
    written.push(originalKey);
    for (const variant of variants) {
      await files.put(variant.key, variant.data, `image/${variant.format}`);
      written.push(variant.key);
    }
    const webpVariants = stored(variants, 'webp');
    // Null: still to make, by the job scheduled below (or the start-up backfill).
    const avifVariants = avifLater ? null : stored(variants, 'avif');
    const row = {
      id,
      storageKey: originalKey,
      mimeType: contentTypeOfKey(originalKey),
      width,
      height,
      bytes: original.data.length,
      variants: webpVariants,
      avif: avifVariants,
      crops,
      uploadedBy: options.uploadedBy ?? null,
      filename: fileNameOf(options.filename),
      createdAt: now,
    };
    await insertUpload(rows, outbox, { ...row, url: mediaUrl(originalKey) }, options.tx);
    if (avifLater) await scheduleVariants(jobs, id, now);
    return {
      _id: id,
      url: mediaUrl(originalKey),
      width,
      height,
      variants: webpVariants.map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
      avif: (avifVariants ?? []).map((v) => ({ width: v.width, url: mediaUrl(v.key) })),
      crops: crops.map((c) => ({
        ratio: c.ratio,
        width: c.width,
        height: c.height,
        url: mediaUrl(c.key),
      })),
    };
  } catch (error) {
    await Promise.allSettled(written.map((key) => files.remove(key)));
    throw error;
  }
}

/**
 * The upload's row. Inside a caller's transaction (an import) it joins it, and the caller's own
 * event says what came in; an upload of its own is an event, written with its row.
 */
async function insertUpload(
  rows: Db,
  outbox: Outbox | undefined,
  upload: Parameters<typeof insertMedia>[1] & { url: string },
  callersTx: Db | undefined,
) {
  const { url, ...row } = upload;
  if (callersTx || !outbox) return insertMedia(rows, row);
  const { id, width, height } = row;
  await outbox.transaction(async (tx, record) => {
    await insertMedia(tx, row);
    record(mediaEvent('media.created', id, { url, width, height }));
  });
}

/** An upload's event: the library's change, for whatever follows it (no page shows it yet). */
const mediaEvent = (
  type: 'media.created' | 'media.deleted',
  id: string,
  data: Record<string, unknown>,
): EventDraft => ({ type, subject: { kind: 'media', id }, data });

/**
 * Asks for the AVIF variants of upload `id` at once, from whichever process leases the job.
 * A failure to ask does not fail the upload: its row keeps `avif` null, which the start-up
 * backfill and `npm run media:variants` complete.
 */
const scheduleVariants = (jobs: MediaJobs | undefined, id: string, now: Date) =>
  jobs
    ?.schedule({
      key: `${MEDIA_VARIANTS_JOB}:${id}`,
      kind: MEDIA_VARIANTS_JOB,
      subjectId: id,
      runAt: now,
    })
    .catch(() => undefined);
