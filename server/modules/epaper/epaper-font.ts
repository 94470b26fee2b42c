/*
 * The font a clip's footer is set in (issue 68 item 2): Noto Sans Devanagari from @fontsource
 * (SIL Open Font License 1.1), which ships it as WOFF only. Pango, which sharp sets text with,
 * reads TrueType: the WOFF's tables are inflated into a TrueType file once per machine, under
 * the e-paper's work folder. The server needs no system font for Hindi or Marathi this way.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

const WOFF =
  '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff';
export const FOOTER_FONT_FAMILY = 'Noto Sans Devanagari';

/** A WOFF 1.0 file's font as TrueType/OpenType (its tables inflated, the directory rebuilt). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, size] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ];
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < size ? inflateSync(raw) : raw,
    };
  });
  let end = 12 + 16 * count;
  const offsets = tables.map((t) => {
    const at = end;
    end += (t.data.length + 3) & ~3;
    return at;
  });
  const out = Buffer.alloc(end);
  let power = 1;
  let log = 0;
  while (power * 2 <= count) [power, log] = [power * 2, log + 1];
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offsets[i]!, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offsets[i]!);
  });
  return out;
}

let made: Promise<string> | undefined;

/** The footer font's TrueType file under `workDir`, made once. */
export function footerFont(workDir: string): Promise<string> {
  made ??= (async () => {
    const path = join(workDir, 'fonts', 'noto-sans-devanagari-500.ttf');
    if (
      await stat(path).then(
        () => true,
        () => false,
      )
    )
      return path;
    await mkdir(join(workDir, 'fonts'), { recursive: true });
    const woff = await readFile(createRequire(import.meta.url).resolve(WOFF));
    const temp = `${path}.${process.pid}.tmp`;
    await writeFile(temp, woffToSfnt(woff));
    await rename(temp, path);
    return path;
  })().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}
