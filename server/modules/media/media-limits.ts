/*
 * What an upload may be: its bytes, pixels, sides, frames and decoding time, checked from its
 * header before anything is decoded (issues 13, 24 and 44), with the refusals that name them.
 */
import sharp, { type Metadata } from 'sharp';
import { badRequest, unsupportedMediaType } from '../../lib/errors';
import { sniffImage, type ImageFormat } from './media-sniff';

/**
 * Pixels an image may have (all frames of a GIF together): a 746 KB PNG can claim 16000×16000
 * pixels, a gigabyte once decoded (issue 13 item 7). 40 MP is more than any camera photo
 * needs on a news page.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * The longest side an upload may have, read from its header before anything is decoded: a
 * 1 × 40,000,000 PNG passes the pixel count but held a decoding slot for half a minute (issue
 * 24). 16,383 is also the most WebP, which every variant is, can hold.
 */
export const MAX_IMAGE_SIDE = 16_383;
/** Images decoded at once by this process; the rest wait (each may take hundreds of MB). */
export const IMAGES_AT_ONCE = 2;
/**
 * Decodings one person's uploads may have at once, of IMAGES_AT_ONCE (issue 44 item 8): eight
 * 39 KB PNGs of 40 megapixels each held a slot for the whole deadline, so one person took the
 * decoder from everyone. With one, another person's image always finds a slot free of theirs.
 */
export const IMAGES_AT_ONCE_PER_PERSON = 1;
/**
 * Frames an animation (a GIF, an animated WebP) may have (issue 44 item 8): the pixel limit
 * counts every frame, but each frame also costs its own work, and no picture on a news page
 * needs more than this.
 */
export const MAX_ANIMATION_FRAMES = 1000;
/**
 * Seconds each decoding of an upload (for its variants, its crops, a re-encoded original) may
 * take before the upload is refused (400) and its slot freed (issue 24 item 7). The slowest
 * image within the limits above, a 40 MP 16-bit PNG, interlaced, with a colour profile, decodes
 * in about 2 s on a quick 2-core machine and took 10 s on a slow one (CI, stop 83), where a 10 s
 * deadline refused it: 30 s leaves the slowest host we have seen three times its need, and one
 * person holds at most one slot (IMAGES_AT_ONCE_PER_PERSON) however long a decoding takes.
 */
export const DECODE_DEADLINE_SECONDS = 30;

/** The refusal of an upload whose decoding outlasted `seconds` (issue 24 item 7). */
export const tooSlowToDecode = (seconds: number) =>
  badRequest('media.decode_too_slow', { seconds });
const tooManyPixels = (width: number, height: number) =>
  badRequest('media.too_many_pixels', { megapixels: MAX_IMAGE_PIXELS / 1_000_000, width, height });
const tooManyFrames = (frames: number) =>
  badRequest('media.too_many_frames', { maximum: MAX_ANIMATION_FRAMES, frames });
const sideTooLong = (width: number, height: number) =>
  badRequest('media.side_too_long', { maximum: MAX_IMAGE_SIDE, width, height });

/** The format and header of an upload we accept; refuses any other file (415) or size (413). */
export async function readableImage(
  data: Buffer,
): Promise<{ format: ImageFormat; meta: Metadata }> {
  const format = sniffImage(data);
  if (!format) {
    throw unsupportedMediaType('media.unsupported_type');
  }
  let meta: Metadata;
  try {
    // Reads the header only: the size is known before anything is decoded.
    meta = await sharp(data, { animated: format === 'gif' }).metadata();
  } catch {
    throw unsupportedMediaType('media.unreadable');
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw unsupportedMediaType('media.unreadable');
  if (meta.width > MAX_IMAGE_SIDE || frameHeight > MAX_IMAGE_SIDE)
    throw sideTooLong(meta.width, frameHeight);
  if (meta.width * (meta.height ?? frameHeight) > MAX_IMAGE_PIXELS)
    throw tooManyPixels(meta.width, meta.height ?? frameHeight);
  if ((meta.pages ?? 1) > MAX_ANIMATION_FRAMES) throw tooManyFrames(meta.pages ?? 1);
  return { format, meta };
}
