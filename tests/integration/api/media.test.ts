import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../../db/schema/media';
import {
  auth,
  createAdmin,
  createUser,
  multipart,
  testImage,
  upload,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { settleMediaJobs } from '../../setup/background-jobs';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let author: TestUser;
let reader: TestUser;

/** The file's limit on an upload's body (UPLOAD_BODY_SECONDS is the default). */
const BODY_SECONDS = 15;

beforeAll(async () => {
  t = await createTestApp({}, { uploadBodySeconds: BODY_SECONDS });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  author = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
});
afterAll(async () => t.close());

interface Uploaded {
  _id: string;
  secure_url: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

const mediaDir = () => join(t.config.dataDir, 'media');

/** Every file under DATA_DIR/media, as paths relative to it. */
function storedFiles(): string[] {
  if (!existsSync(mediaDir())) return [];
  return readdirSync(mediaDir(), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(mediaDir(), join(d.parentPath, d.name)))
    .sort();
}

async function mediaCount(): Promise<number> {
  const [row] = await t.app.services.database.db.select({ n: count() }).from(media);
  return Number(row?.n ?? 0);
}

/** Sends one file part with the given name and declared type. */
function send(by: TestUser | undefined, data: Buffer | string, filename: string, type: string) {
  const body = multipart([
    { name: 'file', filename, contentType: type, data },
    { name: 'upload_preset', data: 'ml_default' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...body.headers, ...(by ? auth(by) : {}) },
    payload: body.payload,
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A PNG that claims `width`×`height` pixels in its header and holds almost nothing. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/media', () => {
  it('stores an image, answers 201 with secure_url, size and WebP variants no wider than it', async () => {
    const original = await testImage(1000, 600, 'jpeg');
    const res = await upload(t.app, author, original, 'holiday.jpg');
    expect(res.statusCode).toBe(201);
    const body = res.json() as Uploaded;
    expect(body).toEqual({
      _id: expect.any(String),
      secure_url: body.url,
      url: expect.stringMatching(/^\/media\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/original\.jpg$/),
      width: 1000,
      height: 600,
      variants: [
        { width: 400, url: expect.stringMatching(/^\/media\/.+\.webp$/) },
        { width: 800, url: expect.stringMatching(/^\/media\/.+\.webp$/) },
      ],
    });

    const [row] = await t.app.services.database.db
      .select({
        width: media.width,
        height: media.height,
        bytes: media.bytes,
        mimeType: media.mimeType,
        uploadedBy: media.uploadedBy,
      })
      .from(media)
      .where(eq(media.id, body._id));
    expect(row).toEqual({
      width: 1000,
      height: 600,
      bytes: original.length,
      mimeType: 'image/jpeg',
      uploadedBy: author._id,
    });
  });

  it('serves the original and each variant at its URL, cacheable forever, with its type', async () => {
    const original = await testImage(1000, 600, 'jpeg');
    const body = (await upload(t.app, author, original)).json() as Uploaded;

    const file = await get(body.secure_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toMatch(/\bimmutable\b/);
    expect(file.headers['cache-control']).toMatch(/max-age=\d{7,}/);
    expect(file.rawPayload.equals(original)).toBe(true);

    for (const variant of body.variants) {
      const res = await get(variant.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/\bimmutable\b/);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      // The aspect ratio is kept.
      expect(meta.height).toBe(Math.round((variant.width * 600) / 1000));
    }
  });

  it('makes all four variants for a wide image and one of its own width for a small one', async () => {
    const wide = (await upload(t.app, author, await testImage(2000, 1000))).json() as Uploaded;
    expect(wide.variants.map((v) => v.width)).toEqual([400, 800, 1200, 1600]);

    const exact = (await upload(t.app, author, await testImage(800, 800))).json() as Uploaded;
    expect(exact.variants.map((v) => v.width)).toEqual([400, 800]);

    const small = (await upload(t.app, author, await testImage(300, 200))).json() as Uploaded;
    // Pages never send an original (DECISIONS.md §13): even a small one has a variant.
    expect(small).toEqual(
      expect.objectContaining({
        width: 300,
        height: 200,
        variants: [{ width: 300, url: expect.stringMatching(/\/w300\.webp$/) }],
      }),
    );
  });

  it.each([
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
    ['webp', 'webp', 'image/webp'],
    ['gif', 'gif', 'image/gif'],
    ['avif', 'avif', 'image/avif'],
  ] as const)('accepts %s and serves it as %s', async (format, ext, contentType) => {
    const data = await testImage(500, 300, format);
    // Whatever the declared type and name say, the content decides.
    const res = await send(author, data, 'upload.bin', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const body = res.json() as Uploaded;
    expect(body.url).toMatch(new RegExp(`/original\\.${ext}$`));
    expect(body).toEqual(expect.objectContaining({ width: 500, height: 300 }));
    expect(body.variants.map((v) => v.width)).toEqual([400]);
    const file = await get(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(contentType);
    expect(file.rawPayload.equals(data)).toBe(true);
  });

  it('lets editors and administrators upload too', async () => {
    for (const by of [editor, admin]) {
      const res = await upload(t.app, by, await testImage(200, 100));
      expect(res.statusCode).toBe(201);
    }
  });

  it.each<[string, () => TestUser | undefined, number]>([
    ['a reader', () => reader, 403],
    ['nobody', () => undefined, 401],
  ])('refuses %s and stores nothing', async (_who, by, status) => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const res = await upload(t.app, by(), await testImage(600, 400));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: status === 401 ? 'auth.signed_out' : 'media.upload_forbidden',
    });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it.each([
    [
      'an SVG image',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      'logo.svg',
      'image/svg+xml',
    ],
    [
      'an HTML file named .jpg',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      'photo.jpg',
      'image/jpeg',
    ],
    ['plain text', 'Just some words, not a picture.', 'notes.png', 'image/png'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, filename, type) => {
    await upload(t.app, author, await testImage(100, 100)); // the folder exists
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const res = await send(author, data, filename, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.',
      code: 'media.unsupported_type',
    });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('refuses a file that starts like a JPEG but is not one with 415, storing nothing', async () => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await send(author, fake, 'broken.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'media.unreadable' });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('refuses a pixel bomb (a small file of 16000×16000 pixels) with 400 before decoding it', async () => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const bomb = pngHeaderOnly(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1000);
    const res = await send(author, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The image is too large: at most 40 megapixels (this one is 16000×16000 pixels).',
      code: 'media.too_many_pixels',
      params: { megapixels: 40, width: 16000, height: 16000 },
    });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('refuses a 1 × 40,000,000 strip from its header with 400, never decoding it (issue 24)', async () => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    for (const [width, height] of [
      [1, 40_000_000],
      [40_000_000, 1],
      [16_384, 100],
    ] as const) {
      const res = await send(author, pngHeaderOnly(width, height), 'strip.png', 'image/png');
      expect(res.statusCode, `${width}×${height}`).toBe(400);
      // A header-only file that were decoded would be refused as unreadable (415) instead.
      expect(res.json()).toEqual({
        message: `The image is too large: at most 16,383 pixels on a side (this one is ${width}×${height} pixels).`,
        code: 'media.side_too_long',
        params: { maximum: 16383, width, height },
      });
    }
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('lets 40 megapixels past the size check; pixels that do not decode are 415, not 500', async () => {
    for (const [width, height] of [
      [8000, 5000],
      [1000, 800],
    ] as const) {
      await settleMediaJobs(t.app);
      const before = { rows: await mediaCount(), files: storedFiles() };
      const res = await send(author, pngHeaderOnly(width, height), 'cut.png', 'image/png');
      expect(res.statusCode, `${width}×${height}`).toBe(415);
      expect(res.json()).toEqual({
        message: 'The file is not a readable image.',
        code: 'media.unreadable',
      });
      expect(await mediaCount()).toBe(before.rows);
      expect(storedFiles()).toEqual(before.files);
    }
  });

  it.each(['jpeg', 'webp', 'png'] as const)(
    'strips camera and GPS metadata from a %s original and applies its orientation',
    async (format) => {
      const photo = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#336699' },
      })
        .withExif({
          IFD0: { Make: 'PatrikaCam', Model: 'X1' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 12/1' },
        })
        .withMetadata({ orientation: 6 })
        .toFormat(format)
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const res = await send(author, photo, `phone.${format}`, `image/${format}`);
      expect(res.statusCode).toBe(201);
      const body = res.json() as Uploaded;
      // Turned upright: the camera held the picture sideways.
      expect({ width: body.width, height: body.height }).toEqual({ width: 400, height: 600 });
      for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
        const file = await get(url);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.includes('PatrikaCam')).toBe(false);
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.orientation ?? 1, url).toBe(1);
        expect(meta.height, url).toBeGreaterThan(meta.width ?? 0);
      }
      // A PNG stays lossless: all its colours, no palette.
      if (format === 'png')
        expect((await sharp((await get(body.url)).rawPayload).metadata()).isPalette).toBe(false);
    },
  );

  it("cuts JPEG comments, other applications' segments and trailing bytes without recompressing (issue 24)", async () => {
    const clean = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    const segment = (marker: number, text: string) => {
      const body = Buffer.from(text, 'latin1');
      const head = Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
      return Buffer.concat([head, body]);
    };
    const dirty = Buffer.concat([
      clean.subarray(0, 2),
      segment(0xfe, 'PatrikaComment: shot at the minister'),
      segment(0xed, 'Photoshop 3.0\0PatrikaCaption'),
      segment(0xec, 'Ducky PatrikaDucky'),
      clean.subarray(2),
      Buffer.from('PatrikaTrailer after the end'),
    ]);
    const res = await send(author, dirty, 'dirty.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await get((res.json() as Uploaded).url)).rawPayload;
    for (const secret of ['PatrikaComment', 'PatrikaCaption', 'PatrikaDucky', 'PatrikaTrailer'])
      expect(stored.includes(secret), secret).toBe(false);
    // The picture itself, byte for byte: nothing was recompressed.
    expect(Buffer.compare(stored, clean)).toBe(0);
  });

  it('drops a GIF comment from the original', async () => {
    const gif = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#226688' },
    })
      .gif()
      .toBuffer();
    const note = Buffer.from('PatrikaGifNote');
    // A comment extension just before the trailer (0x3B).
    const dirty = Buffer.concat([
      gif.subarray(0, gif.length - 1),
      Buffer.from([0x21, 0xfe, note.length]),
      note,
      Buffer.from([0x00, 0x3b]),
    ]);
    const res = await send(author, dirty, 'note.gif', 'image/gif');
    expect(res.statusCode, res.body).toBe(201);
    const stored = (await get((res.json() as Uploaded).url)).rawPayload;
    expect(stored.includes('PatrikaGifNote')).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(40);
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const jpegHead = await testImage(100, 100);
    const big = Buffer.concat([jpegHead, Buffer.alloc(10 * 1024 * 1024 + 1 - jpegHead.length)]);
    const res = await upload(t.app, author, big, 'huge.jpg');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'media.too_large' });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
  });

  it('answers 400 when no file is sent', async () => {
    const before = await mediaCount();
    const onlyPreset = multipart([{ name: 'upload_preset', data: 'ml_default' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...onlyPreset.headers, ...auth(author) },
      payload: onlyPreset.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'No image received: send it in the field "file".',
      code: 'media.no_file',
    });

    const wrongField = multipart([
      { name: 'image', filename: 'a.jpg', contentType: 'image/jpeg', data: await testImage() },
    ]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...wrongField.headers, ...auth(author) },
      payload: wrongField.payload,
    });
    expect(wrong.statusCode).toBe(400);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: auth(author),
      payload: { file: 'https://example.com/a.jpg' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: expect.any(String), code: 'media.not_multipart' });
    expect(await mediaCount()).toBe(before);
  });
});

/** A GIF of `frames` frames of 8×8, each unlike the one before (an encoder merges repeats). */
function manyFrames(frames: number): Promise<Buffer> {
  const side = 8;
  const raw = Buffer.alloc(side * side * frames * 3);
  for (let f = 0; f < frames; f++) {
    const at = f * side * side * 3 + (f % (side * side)) * 3;
    raw.fill(255, at, at + 3);
  }
  return sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif()
    .toBuffer();
}

/*
 * Issue 44 items 8 and 9: one person's uploads cannot take the server's decoding for everyone.
 * Beyond UPLOADS_AT_ONCE_PER_PERSON at once a person is answered 503 with Retry-After at once
 * (never queued); a GIF of more frames than anyone needs is refused; a body that arrives too
 * slowly is answered and its connection closed. The tests hold uploads open by holding their
 * bodies, so what they show does not depend on the machine's speed.
 */
describe('uploads one person can clog (issue 44 items 8 and 9)', () => {
  const heldUpload = (by: TestUser, data: Buffer) => {
    const body = multipart([
      { name: 'file', filename: 'held.png', contentType: 'image/png', data },
    ]);
    const stream = new PassThrough();
    const answer = t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...body.headers, ...auth(by) },
      payload: stream,
    });
    stream.write(body.payload.subarray(0, 64));
    return {
      answer,
      /** Whether the server has begun reading the body (it counts the upload before it reads). */
      reading: () => stream.readableLength === 0,
      finish: () => stream.end(body.payload.subarray(64)),
      /** The sender goes away half-way. */
      breakOff: () => stream.destroy(new Error('the connection was lost')),
    };
  };

  it('answers a person past their uploads at once with 503 and a Retry-After, while others upload', async () => {
    const person = await createUser(t.app, 'author');
    const other = await createUser(t.app, 'author');
    const image = await testImage(500, 300, 'png');
    const held = [heldUpload(person, image), heldUpload(person, image)];
    await waitUntil(() => held.every((h) => h.reading()), {
      timeoutMs: 30_000,
      message: 'the held uploads were never read',
    });
    // Six more at once from the same person, while two of theirs are still arriving.
    const more = await Promise.all(
      Array.from({ length: 6 }, () => send(person, image, 'more.png', 'image/png')),
    );
    for (const res of more) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json().message).toMatch(/already sending/);
    }
    // Another person is not held up by them.
    expect((await send(other, image, 'other.png', 'image/png')).statusCode).toBe(201);
    for (const h of held) h.finish();
    const statuses = [...(await Promise.all(held.map((h) => h.answer))), ...more].map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([201, 201, 503, 503, 503, 503, 503, 503]);
    // Their slots are free again once answered.
    expect((await send(person, image, 'later.png', 'image/png')).statusCode).toBe(201);
  }, 60_000);

  it('frees a person’s slot when their upload breaks off', async () => {
    const person = await createUser(t.app, 'author');
    const image = await testImage(300, 200, 'png');
    const broken = [heldUpload(person, image), heldUpload(person, image)];
    await waitUntil(() => broken.every((h) => h.reading()), {
      timeoutMs: 30_000,
      message: 'the uploads were never read',
    });
    expect((await send(person, image, 'third.png', 'image/png')).statusCode).toBe(503);
    for (const h of broken) h.breakOff();
    await Promise.allSettled(broken.map((h) => h.answer));
    expect((await send(person, image, 'again.png', 'image/png')).statusCode).toBe(201);
  }, 60_000);

  it('refuses a GIF of more than 1,000 frames with 400, storing nothing; 1,000 pass', async () => {
    await settleMediaJobs(t.app);
    const before = { rows: await mediaCount(), files: storedFiles() };
    const res = await send(author, await manyFrames(1001), 'frames.gif', 'image/gif');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: 'The animation has too many frames: at most 1,000 (this one has 1,001).',
      code: 'media.too_many_frames',
      params: { maximum: 1000, frames: 1001 },
    });
    expect(await mediaCount()).toBe(before.rows);
    expect(storedFiles()).toEqual(before.files);
    const most = await send(author, await manyFrames(1000), 'frames.gif', 'image/gif');
    expect(most.statusCode, most.body).toBe(201);
  }, 60_000);

  it(
    'answers and closes an upload whose body trickles in (1 byte every 2 s)',
    async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const boundary = 'trickle';
      socket.write(
        [
          'POST /api/media HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${author.token}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          'Content-Length: 100000',
          '',
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n\r\n`,
        ].join('\r\n'),
      );
      // One byte every 2 s: the body would take more than two days to arrive.
      const trickle = setInterval(() => socket.write('x'), 2000);
      // Bounded only so that a server that never closes fails here instead of hanging the run.
      const bound = new Promise<string>((resolve) =>
        setTimeout(() => resolve('still open'), (BODY_SECONDS + 20) * 1000),
      );
      let outcome: string;
      try {
        outcome = await Promise.race([closed.then(() => 'closed'), bound]);
      } finally {
        clearInterval(trickle);
        socket.destroy();
      }
      expect(outcome).toBe('closed');
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('The image arrived too slowly');
    },
    BODY_SECONDS * 1000 + 40_000,
  );
});

describe('crops for search engines and share cards (issue 12 item 4)', () => {
  const cropsOf = async (id: string) => {
    const [row] = await t.app.services.database.db
      .select({ crops: media.crops })
      .from(media)
      .where(eq(media.id, id));
    return row?.crops;
  };
  const served = async (key: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    return sharp(res.rawPayload).metadata();
  };

  it('cuts 16:9, 4:3 and 1:1 JPEGs at most 1200 wide from each upload, served like the rest', async () => {
    const res = await upload(t.app, author, await testImage(2000, 1000, 'png'), 'wide.png');
    const body = res.json() as Uploaded;
    const crops = await cropsOf(body._id);
    expect(crops?.map((c) => [c.ratio, c.width, c.height])).toEqual([
      ['16x9', 1200, 675],
      ['4x3', 1200, 900],
      ['1x1', 1000, 1000],
    ]);
    for (const crop of crops ?? []) {
      const m = await served(crop.key);
      expect([m.format, m.width, m.height]).toEqual(['jpeg', crop.width, crop.height]);
    }
  });

  it('makes the crops of earlier uploads once, at start-up, and marks a lost original done', async () => {
    const res = await upload(t.app, author, await testImage(800, 800, 'jpeg'), 'square.jpg');
    const { _id } = res.json() as Uploaded;
    const lost = (
      await upload(t.app, author, await testImage(500, 300, 'jpeg'), 'lost.jpg')
    ).json() as Uploaded;
    const db = t.app.services.database.db;
    await db.update(media).set({ crops: null }).where(eq(media.id, _id));
    await db.update(media).set({ crops: null }).where(eq(media.id, lost._id));
    await t.app.services.media.storage.remove(lost.url.replace('/media/', ''));

    expect(await t.app.services.media.makeMissingCrops()).toBe(2);
    expect((await cropsOf(_id))?.map((c) => [c.ratio, c.width, c.height])).toEqual([
      ['16x9', 800, 450],
      ['4x3', 800, 600],
      ['1x1', 800, 800],
    ]);
    expect(await cropsOf(lost._id)).toEqual([]);
    expect(await t.app.services.media.makeMissingCrops()).toBe(0);
  });
});

describe('GET /media/{key}', () => {
  it.each([
    '/media/../../etc/passwd',
    '/media/..%2f..%2fetc%2fpasswd',
    '/media/%2e%2e/%2e%2e/etc/passwd',
    '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/media/2026/01/../../../../etc/passwd',
    '/media/2026/01/00000000-0000-4000-8000-000000000000/original.jpg',
    '/media/2026/01/00000000-0000-4000-8000-000000000000/w400.webp',
    '/media/nothing.jpg',
    '/media/',
  ])('answers 404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/root:/);
    const body = res.json();
    expect(body).toEqual({
      message: expect.any(String),
      code: expect.stringMatching(/^(media\.file_not_found|http\.no_such_address)$/),
      ...(body.params ? { params: expect.any(Object) } : {}),
    });
  });

  it('serves a stored file for a year with a validator, 304 on revalidation, to any site', async () => {
    const body = (await upload(t.app, author, await testImage(900, 450))).json() as Uploaded;
    expect(body.variants.length).toBeGreaterThan(0);
    for (const url of [body.url, ...body.variants.map((v) => v.url)]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.rawPayload).toHaveLength(0);
        expect(again.headers.etag).toBe(etag);
      }
      const stale = await t.app.inject({ url, headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
    }
  });

  it('answers 404 for a stored file key with a path escape added', async () => {
    const body = (await upload(t.app, author, await testImage(200, 100))).json() as Uploaded;
    const key = body.url.slice('/media/'.length);
    for (const url of [`/media/${key}/../../../../../../etc/passwd`, `/media/${key}%00.html`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
