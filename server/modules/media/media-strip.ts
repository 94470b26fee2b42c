/*
 * Originals keep no more than their picture (issue 24 item 7). A JPEG's comments, application
 * segments and whatever follows its end marker came back byte for byte when nothing else asked
 * for a re-encoding: they are cut here without decoding, so the picture is not recompressed.
 * Kept: the JFIF header (APP0), the colour profile (APP2 ICC_PROFILE) and Adobe's colour
 * transform (APP14), which change how the pixels look; everything the decoder needs.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

/** Whether an application segment changes how the picture looks (and so stays). */
function keepsApplication(marker: number, body: Uint8Array): boolean {
  const tag = (text: string) =>
    body.length >= text.length && String.fromCharCode(...body.subarray(0, text.length)) === text;
  if (marker === APP0) return tag('JFIF\0');
  if (marker === APP2) return tag('ICC_PROFILE\0');
  if (marker === APP14) return tag('Adobe');
  return false;
}

/**
 * Where the entropy-coded data after a scan header at `from` ends: the next marker that is
 * neither a stuffed 0xFF00 nor a restart marker.
 */
function endOfScanData(data: Uint8Array, from: number): number {
  let i = from;
  while (i + 1 < data.length) {
    if (data[i] === 0xff) {
      const next = data[i + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
        i += next === 0xff ? 1 : 2;
        continue;
      }
      return i;
    }
    i++;
  }
  return data.length;
}

/**
 * The JPEG without comments, metadata segments and trailing bytes, or undefined when it does
 * not parse as a JPEG (the decoder then decides what it is).
 */
export function stripJpeg(data: Uint8Array): Buffer | undefined {
  if (data[0] !== 0xff || data[1] !== SOI) return undefined;
  const out: Uint8Array[] = [data.subarray(0, 2)];
  let i = 2;
  while (i + 1 < data.length) {
    if (data[i] !== 0xff) return undefined;
    let marker = data[i + 1]!;
    // Fill bytes: any number of 0xFF before a marker.
    while (marker === 0xff && i + 2 < data.length) marker = data[++i + 1]!;
    if (marker === EOI) {
      out.push(data.subarray(i, i + 2));
      return Buffer.concat(out);
    }
    if (i + 3 >= data.length) return undefined;
    const length = (data[i + 2]! << 8) | data[i + 3]!;
    const end = i + 2 + length;
    if (length < 2 || end > data.length) return undefined;
    const segment = data.subarray(i, end);
    const isApplication = marker >= APP0 && marker <= 0xef;
    const dropped =
      marker === COM || (isApplication && !keepsApplication(marker, segment.subarray(4)));
    if (marker === SOS) {
      const scanEnd = endOfScanData(data, end);
      out.push(data.subarray(i, scanEnd));
      i = scanEnd;
      continue;
    }
    if (!dropped) out.push(segment);
    i = end;
  }
  return undefined;
}
