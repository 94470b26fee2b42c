/*
 * Gzip for a page made for one reader, with its inline stylesheet compressed once. A reading
 * page carries its whole stylesheet in a <style> element (docs/decisions/028): two thirds of
 * its bytes, the same on every page, so compressing it for every uncached render was most of
 * the render's compression (docs/perf/uncached-render.md). Deflate data is a series of blocks:
 * the text before the stylesheet ends in a sync flush (byte-aligned, no final block), the
 * stylesheet's blocks follow as compressed once, from a fresh stream (so they refer to nothing
 * before them), and the text after it ends the data. The reader's gunzip sees one member whose
 * bytes, CRC and length are those of the whole page (RFC 1952, RFC 1951 §3.2.3).
 */
import zlib from 'node:zlib';

const { Z_SYNC_FLUSH, Z_FINISH } = zlib.constants;

/** A stylesheet shorter than this is compressed with the rest: splicing would gain nothing. */
export const SPLICE_MIN = 4 * 1024;
/** Stylesheets kept compressed: one per build, a few while a new build rolls out. */
const KEPT_MAX = 4;

/** The member's header: deflate, no name or time, OS "Unix" as Node's own gzip writes it. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const STYLE_OPEN = Buffer.from('<style>');
const STYLE_CLOSE = Buffer.from('</style>');

interface KeptStyle {
  bytes: Buffer;
  deflated: Buffer;
}

const kept: KeptStyle[] = [];

/** The deflate blocks of a stylesheet's bytes, compressed once (at the highest level). */
function deflatedStyle(bytes: Buffer): Buffer {
  const found = kept.find((k) => k.bytes.length === bytes.length && k.bytes.equals(bytes));
  if (found) return found.deflated;
  // A copy: `bytes` is a view of one page's buffer.
  const entry = {
    bytes: Buffer.from(bytes),
    deflated: zlib.deflateRawSync(bytes, { level: 9, finishFlush: Z_SYNC_FLUSH }),
  };
  kept.unshift(entry);
  kept.length = Math.min(kept.length, KEPT_MAX);
  return entry.deflated;
}

/**
 * `bytes` gzipped at `level`, the first <style> element's contents spliced in as compressed
 * once; plain gzip when there is none worth it.
 */
export function splicedGzip(bytes: Buffer, level: number): Buffer {
  const open = bytes.indexOf(STYLE_OPEN);
  const start = open + STYLE_OPEN.length;
  const end = open < 0 ? -1 : bytes.indexOf(STYLE_CLOSE, start);
  if (end < 0 || end - start < SPLICE_MIN) return zlib.gzipSync(bytes, { level });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(bytes), 0);
  trailer.writeUInt32LE(bytes.length >>> 0, 4);
  return Buffer.concat([
    HEADER,
    zlib.deflateRawSync(bytes.subarray(0, start), { level, finishFlush: Z_SYNC_FLUSH }),
    deflatedStyle(bytes.subarray(start, end)),
    zlib.deflateRawSync(bytes.subarray(end), { level, finishFlush: Z_FINISH }),
    trailer,
  ]);
}
