/*
 * The fonts a footer is set in (issue 68 items 2 and 4): Noto Sans Devanagari (Hindi, Marathi,
 * and English beside them) and Noto Sans Gujarati, from @fontsource (SIL Open Font License 1.1),
 * which ships them as WOFF only. Pango, which sharp sets text with, reads TrueType: a WOFF's
 * tables are inflated into a TrueType file once per machine, under the e-paper's work folder.
 * The server needs no system font for the papers' scripts this way; Latin letters (a site's
 * name, digits) fall back to the system's sans-serif, as they do in the Devanagari subset.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** Each script's face: its family name, its WOFF in the package, its TrueType's file name. */
const FACES = {
  devanagari: {
    family: 'Noto Sans Devanagari',
    woff: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-500-normal.woff',
    file: 'noto-sans-devanagari-500.ttf',
  },
  gujarati: {
    family: 'Noto Sans Gujarati',
    woff: '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-500-normal.woff',
    file: 'noto-sans-gujarati-500.ttf',
  },
} as const;
export type FooterScript = keyof typeof FACES;

/** The script a footer in `lang` is written in: Gujarati's own, else Devanagari. */
export const scriptOf = (lang: string): FooterScript => (lang === 'gu' ? 'gujarati' : 'devanagari');

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

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Writes a face's TrueType at `path` whole (a temporary file renamed into place). */
async function writeTrueType(path: string, woffPath: string) {
  await mkdir(dirname(path), { recursive: true });
  const woff = await readFile(createRequire(import.meta.url).resolve(woffPath));
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, woffToSfnt(woff));
  await rename(temp, path);
}

/**
 * Each script's TrueType file of this process: the first work folder's, kept for the process's
 * life. Fontconfig (under sharp) remembers a font by its path once it is given it, and a second
 * file of the same family would be a second font it may pick instead; so one path per script,
 * and the file written again if it went (a work folder removed under a running process, as a
 * test's is when its site closes).
 */
const paths = new Map<FooterScript, string>();

async function trueTypeOf(workDir: string, script: FooterScript): Promise<string> {
  const face = FACES[script];
  const path = paths.get(script) ?? join(workDir, 'fonts', face.file);
  paths.set(script, path);
  if (!(await exists(path))) await writeTrueType(path, face.woff);
  return path;
}

/** The footer's font for `lang`: its family (for Pango's description) and its TrueType file. */
export async function footerFont(
  workDir: string,
  lang: string,
): Promise<{ family: string; file: string }> {
  const script = scriptOf(lang);
  return { family: FACES[script].family, file: await trueTypeOf(workDir, script) };
}
