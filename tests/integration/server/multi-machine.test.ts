/*
 * Two machines (issue 28 item 5): two Patrika servers, each with a DATA_DIR of its own, on one
 * PostgreSQL primary with a streaming replica for anonymous reads, keeping media in an
 * S3-compatible bucket (s3rver). The newsroom's journey crosses them (each step written on one
 * and read on the other), an upload through one is served by the other with the same bytes and
 * lies in the bucket, not on either disk, and a scheduled piece goes live once for both.
 * docs/deploy/reference-architecture.md is this setup at a site's size.
 * Runs in the PostgreSQL stage (it needs the machine's PostgreSQL binaries).
 */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canMakePrivatePostgres,
  startPrivatePostgres,
  startReplicaOf,
} from '../../setup/private-postgres';
import { startS3 } from '../../setup/s3-server';
import { startServer, tempDataDir, type RunningServer } from '../../setup/spawn-server';
import { testEngine } from '../../setup/test-db';
import { PROCESS_TEST } from '../../setup/timeouts';
import { waitUntil } from '../../setup/wait-until';

const runs = testEngine() === 'postgres' && canMakePrivatePostgres();

/** Changes reach the other machine by NOTIFY; bounded generously for a busy machine. */
const REACHES = { timeoutMs: 30_000, intervalMs: 250 };

type Machine = RunningServer & { dataDir: string };

async function send(machine: Machine, path: string, init: RequestInit & { token?: string } = {}) {
  const { token, ...rest } = init;
  const res = await fetch(`${machine.url}${path}`, {
    ...rest,
    headers: {
      ...(rest.body && typeof rest.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

async function json(
  machine: Machine,
  path: string,
  body: unknown,
  token?: string,
  method = 'POST',
) {
  const res = await send(machine, path, { method, body: JSON.stringify(body), token });
  expect(res.status, `${method} ${path} on ${machine.url}: ${res.body.toString()}`).toBeLessThan(
    300,
  );
  return JSON.parse(res.body.toString()) as Record<string, unknown>;
}

/** Reads `path` anonymously on `machine` until it shows `text`. */
const shows = (machine: Machine, path: string, text: string) =>
  waitUntil(async () => (await send(machine, path)).body.toString().includes(text), {
    ...REACHES,
    message: `${machine.url}${path} shows "${text}"`,
    detail: machine.output,
  });

const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
};

describe.skipIf(!runs)('two machines on one primary, a replica and a bucket', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const clean of cleanups.reverse()) await clean();
  });

  it(
    'carry the newsroom across both, serve each other’s uploads from the bucket, and publish a scheduled piece once',
    async () => {
      const primary = await startPrivatePostgres();
      cleanups.push(() => primary.destroy());
      const replica = await startReplicaOf(primary);
      cleanups.push(() => replica.destroy());
      const s3 = await startS3();
      cleanups.push(() => s3.close());
      const start = async (): Promise<Machine> => {
        const dataDir = tempDataDir();
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        const server = await startServer({
          DATABASE_URL: primary.url,
          DATABASE_REPLICA_URL: replica.url,
          ...s3.env,
          AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID!,
          AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY!,
          DATA_DIR: dataDir,
          SEED_DEMO: '0',
          WEB_CONCURRENCY: '1',
          API_RATE_LIMIT: '1000000',
          // The go-live job's line is said at info.
          LOG_LEVEL: 'info',
        });
        cleanups.push(() => server.stop());
        return { ...server, dataDir };
      };
      const a = await start();
      const b = await start();

      // The first account, made on A, signs in on B (one key, kept in the database).
      await json(a, '/api/users/signup', {
        name: 'Desk Chief',
        email: 'chief@example.com',
        password: 'a long enough password',
      });
      const { token } = (await json(b, '/api/users/signin', {
        email: 'chief@example.com',
        password: 'a long enough password',
      })) as { token: string };

      // A category made on B; on A, an upload, then a story using it; B shows the story.
      const category = (await json(
        b,
        '/api/categories/addCategory',
        { name: 'States', description: 'From every state.', isHome: true },
        token,
      )) as { _id: string; slug: string };
      const photo = await sharp({
        create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 90, b: 20 } },
      })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dawn.jpg');
      const uploaded = await send(a, '/api/media', { method: 'POST', body: form, token });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const media = JSON.parse(uploaded.body.toString()) as { url: string };
      const fields = {
        category: category._id,
        imageUrl: media.url,
        description: '<p>Counting began at eight in every state.</p>',
      };
      const story = (await json(
        a,
        '/api/articles/article',
        { name: 'Counting begins', ...fields },
        token,
      )) as { _id: string; slug: string };
      const page = `/${category.slug}/${story.slug}`;
      await shows(b, page, 'Counting begins');
      await shows(b, '/', 'Counting begins');

      // B serves A's upload with the same bytes; it is in the bucket and on neither disk.
      const served = await send(b, new URL(media.url, a.url).pathname);
      expect(served.status).toBe(200);
      expect(served.body.equals(photo)).toBe(true);
      const listed = await new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
      }).send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      const key = new URL(media.url, a.url).pathname.replace(/^\/media\//, '');
      expect((listed.Contents ?? []).map((o) => o.Key)).toContain(key);
      for (const machine of [a, b]) expect(filesUnder(join(machine.dataDir, 'media'))).toEqual([]);

      // An edit on B reaches A's kept page; A's editor reads it back at once.
      await send(a, page);
      await json(
        b,
        `/api/articles/${story._id}`,
        { name: 'Counting, hour two', ...fields },
        token,
        'PUT',
      );
      await shows(a, page, 'Counting, hour two');
      const read = await send(a, `/api/articles/article/${story._id}`, { token });
      expect(JSON.parse(read.body.toString()).name).toBe('Counting, hour two');

      // A piece scheduled on A goes live once, and both home pages show it.
      const name = 'Results by dawn';
      const goesLive = Date.now() + 8_000;
      await json(
        a,
        '/api/articles/article',
        { name, ...fields, publishedAt: new Date(goesLive).toISOString() },
        token,
      );
      for (const machine of [a, b]) {
        const home = (await send(machine, '/')).body.toString();
        // Not yet live, unless a busy machine took past its time to ask.
        if (Date.now() < goesLive) expect(home).not.toContain(name);
      }
      await shows(a, '/', name);
      await shows(b, '/', name);
      const ran = (a.output() + b.output())
        .split('\n')
        .filter((line) => line.includes('a scheduled article went live'));
      expect(ran).toHaveLength(1);
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    },
    PROCESS_TEST,
  );
});
