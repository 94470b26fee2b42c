import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** Generated at install time (scripts/postinstall.ts) and on demand; never downloaded. */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('./images', import.meta.url));

const PALETTES: [string, string, string][] = [
  ['#f97316', '#7c2d12', '#fde68a'],
  ['#0ea5e9', '#1e3a8a', '#bae6fd'],
  ['#10b981', '#064e3b', '#a7f3d0'],
  ['#e11d48', '#4c0519', '#fecdd3'],
  ['#8b5cf6', '#2e1065', '#ddd6fe'],
  ['#eab308', '#713f12', '#fef9c3'],
  ['#14b8a6', '#134e4a', '#ccfbf1'],
  ['#f43f5e', '#1f2937', '#fee2e2'],
];

/** A small deterministic generator, so image n looks the same on every machine. */
function random(seed: number) {
  let s = seed * 2654435761;
  return () => {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    return s / 0xffffffff;
  };
}

/** An abstract 1200×675 scene (sky, sun, hills, a few shapes) as SVG. */
export function demoSvg(n: number): string {
  const rnd = random(n + 1);
  const [light, dark, pale] = PALETTES[n % PALETTES.length] as [string, string, string];
  const hills = Array.from({ length: 3 }, (_, i) => {
    const y = 420 + i * 70;
    const peaks = Array.from({ length: 5 }, (_, k) => `${k * 300},${y - 60 - rnd() * 140}`).join(
      ' ',
    );
    return `<polygon points="0,675 ${peaks} 1200,${y} 1200,675" fill="${i === 2 ? dark : light}" opacity="${0.35 + i * 0.25}"/>`;
  }).join('');
  const shapes = Array.from({ length: 6 }, () => {
    const x = Math.round(rnd() * 1200);
    const y = Math.round(rnd() * 380);
    const r = Math.round(12 + rnd() * 40);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${pale}" opacity="${(0.2 + rnd() * 0.4).toFixed(2)}"/>`;
  }).join('');
  const sunX = Math.round(200 + rnd() * 800);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${pale}"/>
  </linearGradient></defs>
  <rect width="1200" height="675" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="230" r="90" fill="${pale}" opacity="0.9"/>
  ${shapes}${hills}
</svg>`;
}

export const demoImagePath = (n: number) =>
  join(DEMO_IMAGES_DIR, `demo-${String(n).padStart(2, '0')}.jpg`);

/** Makes the first `count` demo images that are not there yet; returns their paths. */
export async function ensureDemoImages(count: number): Promise<string[]> {
  await mkdir(DEMO_IMAGES_DIR, { recursive: true });
  const paths: string[] = [];
  for (let n = 0; n < count; n++) {
    const path = demoImagePath(n);
    if (!existsSync(path)) {
      await sharp(Buffer.from(demoSvg(n)))
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(path);
    }
    paths.push(path);
  }
  return paths;
}
