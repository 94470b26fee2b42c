/*
 * Uploads as an editor feels them (issue 24 item 5): photos of a phone's size posted one after
 * another to `POST /api/media`, each timed from the request to its answer (the original cleaned
 * and stored, the WebP variants and crops made; AVIF follows in a background job), and the
 * serving process's memory before and after. Part of `npm run bench` ("uploads").
 */
import sharp from 'sharp';
import { percentile } from './profile';

const ACCOUNT = {
  name: 'Bench photo desk',
  email: 'photo-desk@bench.invalid',
  password: 'photo-desk-bench-password',
};

/** The bench's editor: signed in, or signed up first on a database without accounts. */
async function editorToken(base: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let res = await post('/api/users/signin', { email: ACCOUNT.email, password: ACCOUNT.password });
  if (res.status !== 200) res = await post('/api/users/signup', ACCOUNT);
  const info = (await res.json()) as { token?: string; role?: string; message?: string };
  if (!info.token || (info.role !== 'administrator' && info.role !== 'editor'))
    throw new Error(
      `the uploads bench needs an editor: ${res.status} ${info.message ?? info.role ?? ''}; empty the database (leave out BENCH_REUSE)`,
    );
  return info.token;
}

/** A 12-megapixel-class phone photo: 4000 × 3000 of noise (no two alike), as JPEG. */
async function phonePhoto(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface UploadFigures {
  uploads: number;
  photoKb: number;
  p50ms: number;
  p99ms: number;
  maxMs: number;
  errors: number;
}

/** Posts `count` photos one after another; their answer times. */
export async function uploadLatencies(base: string, count = 20): Promise<UploadFigures> {
  const token = await editorToken(base);
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const photo = await phonePhoto(i);
    bytes += photo.length;
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      `photo-${i}.jpg`,
    );
    const started = performance.now();
    const res = await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 201) errors++;
  }
  const round = (n: number) => Math.round(n);
  return {
    uploads: count,
    photoKb: round(bytes / count / 1024),
    p50ms: round(percentile(times, 0.5)),
    p99ms: round(percentile(times, 0.99)),
    maxMs: round(Math.max(...times)),
    errors,
  };
}
