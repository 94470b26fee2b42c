/*
 * What Patrika writes under DATA_DIR is its user's alone (issue 24 item 7): the embedded
 * database, media, backups and exports are 0600 in folders of 0700 whatever the umask it was
 * started with, and a start fixes what an older version left looser, saying so.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureBuild,
  startServer,
  tempDataDir,
  type RunningServer,
} from '../../setup/spawn-server';
import { testImage } from '../../factories';

const dirs: string[] = [];
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** POSTs to the server and answers its JSON, failing the test on a refusal. */
async function call<T>(base: string, path: string, init: { body: BodyInit; token?: string }) {
  const headers = new Headers();
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: init.body });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Every file and folder under `root` whose mode lets its group or others in. */
function looser(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    // PGlite writes its relation cache files 0644 whenever it rebuilds them; they sit in
    // folders of 0700, which no one else may enter.
    const relationCache = path.endsWith('/pg_internal.init');
    if ((stat.mode & 0o077) !== 0 && !relationCache)
      found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

// The embedded engine's files; the PostgreSQL run has none of its own to check.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('files under DATA_DIR', () => {
  it(
    'are private whatever the umask, and a start fixes looser ones',
    { timeout: 300_000 },
    async () => {
      ensureBuild();
      const dataDir = tempDataDir();
      dirs.push(dataDir);
      chmodSync(dataDir, 0o777);
      // What an older version left behind with umask 000.
      mkdirSync(join(dataDir, 'exports'), { mode: 0o777 });
      chmodSync(join(dataDir, 'exports'), 0o777);
      writeFileSync(join(dataDir, 'exports', 'site.json.gz'), 'old', { mode: 0o666 });
      chmodSync(join(dataDir, 'exports', 'site.json.gz'), 0o666);
      server = await startServer(
        { DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
        { timeoutMs: 240_000, umask: 0o000 },
      );
      expect(server.output()).toMatch(/readable by other users; they are now private/);
      // An upload under the same umask: its original and variants written by this process (the
      // demo's seeding wrote media as well, at about 30 s of CPU for its images' variants, which
      // db/seed.test.ts and the process tests make anyway).
      const { token } = await call<{ token: string }>(server.url, '/api/users/signup', {
        body: JSON.stringify({
          name: 'Admin',
          email: 'admin@example.com',
          password: 'long enough',
        }),
      });
      const form = new FormData();
      const image = await testImage(900, 500);
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
      const uploaded = await call<{ variants: unknown[] }>(server.url, '/api/media', {
        body: form,
        token,
      });
      expect(uploaded.variants.length).toBeGreaterThan(0);
      // The database, the generated secret and the upload's files, written with umask 000.
      expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(0);
      expect(readdirSync(join(dataDir, 'media')).length).toBeGreaterThan(0);
      expect(looser(dataDir)).toEqual([]);
      expect(lstatSync(join(dataDir, 'exports', 'site.json.gz')).mode & 0o777).toBe(0o600);
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      for (const folder of ['db', 'media'])
        expect(lstatSync(join(dataDir, folder)).mode & 0o777, folder).toBe(0o700);
    },
  );
});
