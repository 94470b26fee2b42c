/**
 * What an upload really is, from its first bytes, never from its name or declared type
 * (DECISIONS.md §3). Only raster formats we can resize are accepted; SVG is refused because
 * it can carry script.
 */
export type ImageFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';

export function sniffImage(bytes: Uint8Array): ImageFormat | undefined {
  const b = bytes;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && ascii(1, 4) === 'PNG' && b[0] === 0x89 && b[4] === 0x0d && b[5] === 0x0a)
    return 'png';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return undefined;
}
