import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get, request as httpRequest } from 'node:http';
import { DATA_DIR_LOCK_FILE } from '../../../db/lock';
import { dirname, join } from 'node:path';
import { ROOT } from '../../../scripts/build-state';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_ADDRESS } from '../../../server/modules/media/media-routes';
import { mediaRoot, TEMP_SUFFIX } from '../../../server/modules/media/media-storage';
import { LEFTOVER_AGE_MS } from '../../../server/startup';
import { MALLOC_ENV, NODE_MEMORY_FLAGS } from '../../../server/memory-settings';
import { SIGN_UP_MAX_PER_HOUR } from '../../../server/modules/users/user-sessions';
import { someAddress } from '../../factories';
import { testEngine } from '../../setup/test-db';
import { createTestDatabase } from '../../setup/test-db';
import {
  childrenOf,
  ensureBuild,
  migratedDataDir,
  startProcess,
  startServer,
  tempDataDir,
  type RunningServer,
} from '../../setup/spawn-server';
import { PROCESS_TEST } from '../../setup/timeouts';
import { waitUntil } from '../../setup/wait-until';

/**
 * A test that starts servers as processes: on a busy machine each start (a database, a
 * build, maybe the demo content) takes minutes. A bound that ends a hung test, not a measure.
 */

const running: RunningServer[] = [];
const dirs: string[] = [];
beforeAll(() => ensureBuild(), 300_000);
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = tempDataDir();
  dirs.push(d);
  return d;
};
/** A data folder already migrated, for a start that is not the subject (spawn-server.ts). */
const migratedDir = async () => {
  const d = await migratedDataDir();
  dirs.push(d);
  return d;
};

/**
 * A sign-up whose headers and first bytes go now and the rest of its body when `finish()` is
 * called: a request the server has begun (its onRequest ran) and cannot answer yet.
 */
function halfSentSignUp(url: string, email: string) {
  const body = JSON.stringify({ name: `Slow ${email}`, email, password: 'a long enough password' });
  const req = httpRequest(`${url}/api/users/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'x-forwarded-for': someAddress(),
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 5));
  return { status, finish: () => req.end(body.slice(5)) };
}

/** The server's `patrika_http_requests_in_flight` (its /metrics answers this machine). */
async function requestsInFlight(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('patrika_http_requests_in_flight '));
  // The /metrics request itself is one of them.
  return line ? Number(line.split(' ')[1]) - 1 : 0;
}

/** Fastify's answer to a request that arrives while the server is closing (return503OnClosing). */
const CLOSING_ANSWER =
  '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

describe('the server process', () => {
  it('has a production build that loads under plain Node, without tsx’s resolver', () => {
    // Node's own resolver refuses directory imports (react-bootstrap/Dropdown was one); a build
    // that only tsx can load could never be bundled or run on its own.
    const entry = join(ROOT, 'build', 'server', 'index.js');
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const build = await import(${JSON.stringify(`file://${entry}`)}); console.log(typeof build.routes);`,
      ],
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, encoding: 'utf8' },
    );
    expect(loaded.trim()).toBe('object');
  });

  it('refuses invalid configuration, naming each bad key, with a non-zero exit', async () => {
    const proc = startProcess({ PORT: 'abc', MEDIA_STORAGE: 'cloud', DATA_DIR: dataDir() });
    const code = await proc.exited;
    expect(code).not.toBe(0);
    expect(proc.output()).toMatch(/Invalid configuration/);
    expect(proc.output()).toMatch(/PORT: /);
    expect(proc.output()).toMatch(/MEDIA_STORAGE: /);
  });

  it.skipIf(testEngine() !== 'pglite')(
    'lets only one process use an embedded DATA_DIR, and frees it on SIGTERM',
    async () => {
      const dir = await migratedDir();
      const first = await startServer({ DATA_DIR: dir, SEED_DEMO: '0' });
      running.push(first);
      const second = startProcess({ DATA_DIR: dir, SEED_DEMO: '0', PORT: '0' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        /Another Patrika process \(pid \d+\) is already using the embedded database/,
      );
      expect(await first.stop('SIGTERM')).toBe(0);
      // The lock went with the first process: a new one starts on the same folder.
      const third = await startServer({ DATA_DIR: dir, SEED_DEMO: '0' });
      running.push(third);
      expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
      expect(await third.stop('SIGTERM')).toBe(0);
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'pglite')(
    'on SIGTERM, says it is not ready while it still serves, then stops (issue 28 item 4)',
    async () => {
      const dir = await migratedDir();
      const server = await startServer({
        DATA_DIR: dir,
        SEED_DEMO: '0',
        SHUTDOWN_DRAIN_SECONDS: '20',
      });
      running.push(server);
      expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
      const stopped = server.stop('SIGTERM');
      // Within the drain, the port still answers: ready says 503 and why, live says 200.
      await waitUntil(async () => (await fetch(`${server.url}/api/health/ready`)).status === 503, {
        timeoutMs: 15_000,
        message: 'ready turned 503 during the drain',
      });
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(await ready.json()).toEqual({ status: 'not ready', reasons: ['shutting down'] });
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      expect(await stopped).toBe(0);
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'pglite')(
    'stops cleanly when SIGTERM goes to the npm process that `npm start` started',
    async () => {
      const dir = await migratedDir();
      const server = await startServer({ DATA_DIR: dir, SEED_DEMO: '0' }, { launcher: 'npm' });
      running.push(server);
      // What npm start runs is plain node on the compiled server: no TypeScript loader at run
      // time (issue 36 item 4), as `ps` shows it.
      const [serving] = childrenOf(server.process.pid!);
      const command = readFileSync(`/proc/${serving}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(command[0]).toMatch(/(^|\/)node$/);
      expect(command.slice(1)).toEqual([
        ...NODE_MEMORY_FLAGS,
        '--enable-source-maps',
        'build/patrika/server.js',
      ]);
      // With the allocator's settings that keep native memory from piling up (ADR 083).
      const environ = readFileSync(`/proc/${serving}/environ`, 'utf8').split('\0');
      expect(environ).toEqual(
        expect.arrayContaining(
          Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`),
        ),
      );
      // A supervisor signals the process it started: npm, not the server beneath it.
      expect(await server.stop('SIGTERM')).toBe(0);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
      const next = await startServer({ DATA_DIR: dir, SEED_DEMO: '0' });
      running.push(next);
      expect(await next.stop('SIGINT')).toBe(0);
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'postgres')(
    'runs as several processes on one PostgreSQL that serve the same site',
    async () => {
      const database = await createTestDatabase();
      try {
        // Separate servers of one process each (WEB_CONCURRENCY=1), as two machines would run.
        const env = {
          DATABASE_URL: database.url as string,
          SEED_DEMO: '1',
          MEDIA_STORAGE: 'db',
          WEB_CONCURRENCY: '1',
        };
        // Both start on an empty database at once: exactly one seeds.
        const [a, b] = await Promise.all([
          startServer({ ...env, DATA_DIR: dataDir() }),
          startServer({ ...env, DATA_DIR: dataDir() }),
        ]);
        running.push(a, b);
        const pageA = await (await fetch(`${a.url}/`)).text();
        const pageB = await (await fetch(`${b.url}/`)).text();
        const titles = (html: string) =>
          [...html.matchAll(/<h3 class="h5 card-title"><a [^>]*>([^<]+)<\/a><\/h3>/g)].map(
            (m) => m[1],
          );
        expect(titles(pageA).length).toBeGreaterThanOrEqual(3);
        expect(titles(pageB)).toEqual(titles(pageA));
        // An image stored by the seeding process is served by the other (MEDIA_STORAGE=db).
        const image = pageA.match(/src="(\/media\/[^"]+)"/)?.[1] as string;
        expect((await fetch(`${b.url}${image}`)).status).toBe(200);
        // A write through one is read through the other, and its token is valid on both
        // (the signing key is shared through the database, not generated per process).
        const signup = await fetch(`${a.url}/api/users/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Shared',
            email: 'shared@example.com',
            password: 'a long enough password',
          }),
        });
        expect(signup.status).toBe(201);
        const { token } = (await signup.json()) as { token: string };
        const me = await fetch(`${b.url}/api/users/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.status).toBe(200);
        expect(((await me.json()) as { email: string }).email).toBe('shared@example.com');
        expect(await a.stop()).toBe(0);
        expect(await b.stop()).toBe(0);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'postgres')(
    'serves one port with WEB_CONCURRENCY workers: prepared once, caches in step, a dead worker replaced, all stopped together',
    async () => {
      const database = await createTestDatabase();
      const workersOf = childrenOf;
      try {
        // One-off start-up work the primary must do once for all: a media file a killed
        // process left half-written an hour and more ago is removed (seeding the demo is such
        // work too, and the test above has it, at about 45 s of CPU for the images' variants).
        const folder = dataDir();
        const leftover = join(mediaRoot(folder), 'left', `behind.jpg${TEMP_SUFFIX}`);
        mkdirSync(dirname(leftover), { recursive: true });
        writeFileSync(leftover, 'half a photo');
        const older = new Date(Date.now() - 2 * LEFTOVER_AGE_MS);
        utimesSync(leftover, older, older);
        const server = await startServer(
          {
            DATABASE_URL: database.url as string,
            DATA_DIR: folder,
            SEED_DEMO: '0',
            WEB_CONCURRENCY: '3',
            LOG_LEVEL: 'info',
          },
          { timeoutMs: 420_000 },
        );
        running.push(server);
        const primary = server.process.pid!;
        const serving = () => server.output().split('a worker is serving').length - 1;
        await waitUntil(async () => workersOf(primary).length === 3 && serving() === 3, {
          timeoutMs: 60_000,
          intervalMs: 200,
          message: 'three workers run under the primary',
          detail: server.output,
        });
        // Each worker runs with the memory settings the primary was started with (ADR 083).
        for (const worker of workersOf(primary)) {
          const command = readFileSync(`/proc/${worker}/cmdline`, 'utf8').split('\0');
          expect(command).toEqual(expect.arrayContaining([...NODE_MEMORY_FLAGS]));
          const environ = readFileSync(`/proc/${worker}/environ`, 'utf8').split('\0');
          expect(environ).toEqual(
            expect.arrayContaining(
              Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`),
            ),
          );
        }
        // The one-off start-up work ran once, in the primary, before any worker started.
        const cleared = server
          .output()
          .split('\n')
          .filter((line) => line.includes('removed half-written media files left behind'));
        expect(cleared).toHaveLength(1);
        expect(cleared[0]).toContain(`"pid":${primary}`);
        expect(existsSync(leftover)).toBe(false);

        // Each request on a new connection: the primary deals them round the workers.
        const fresh = (path: string, headers: Record<string, string> = {}) =>
          new Promise<{ status: number; body: string; cache: string | undefined }>(
            (resolve, reject) => {
              get(`${server.url}${path}`, { agent: false, headers }, (res) => {
                let body = '';
                res.setEncoding('utf8');
                res.on('data', (d: string) => (body += d));
                res.on('end', () =>
                  resolve({
                    status: res.statusCode ?? 0,
                    body,
                    cache: res.headers['x-page-cache'] as string | undefined,
                  }),
                );
              }).on('error', reject);
            },
          );
        const call = async (url: string, body: unknown, token?: string) => {
          const res = await fetch(`${server.url}${url}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(body),
          });
          expect(res.status, await res.clone().text()).toBeLessThan(300);
          return (await res.json()) as Record<string, unknown>;
        };
        // The first account is the administrator; a section on the home page, with no story yet.
        const { token: admin } = (await call('/api/users/signup', {
          name: 'Chief',
          email: 'chief@example.com',
          password: 'a long enough password',
        })) as { token: string };
        const category = (await call(
          '/api/categories/addCategory',
          { name: 'Everywhere', description: 'x', isHome: true },
          admin,
        )) as { _id: string };
        // Every worker has the home page cached…
        for (let i = 0; i < 9; i++) expect((await fresh('/')).status).toBe(200);
        expect((await Promise.all([1, 2, 3].map(() => fresh('/')))).map((r) => r.cache)).toEqual([
          'hit',
          'hit',
          'hit',
        ]);
        // …and a story published through one worker shows on every worker's home page at once.
        const name = 'A story every worker shows';
        expect((await fresh('/')).body).not.toContain(name);
        await call(
          '/api/articles/article',
          {
            name,
            category: category._id,
            imageUrl: 'https://images.example.com/all.jpg',
            description: '<p>Everywhere.</p>',
          },
          admin,
        );
        // Each worker hears of the change by NOTIFY and serves its old page stale while one
        // render refreshes it (docs/decisions/029), so "at once" is: soon, and then for good.
        let round: { body: string; cache?: string | undefined }[] = [];
        await waitUntil(
          async () => {
            round = [];
            for (let i = 0; i < 9; i++) round.push(await fresh('/'));
            return round.every((r) => r.body.includes(name) && r.cache !== 'stale');
          },
          {
            timeoutMs: 30_000,
            intervalMs: 250,
            message: 'every worker shows the new story',
            detail: () => round.map((r) => `${r.cache}:${r.body.includes(name)}`).join(' '),
          },
        );
        for (let i = 0; i < 9; i++) expect((await fresh('/')).body, `request ${i}`).toContain(name);

        // A worker that dies is replaced; the site keeps answering meanwhile.
        const [victim] = workersOf(primary);
        process.kill(victim!, 'SIGKILL');
        await waitUntil(
          async () =>
            workersOf(primary).length === 3 &&
            !workersOf(primary).includes(victim!) &&
            serving() === 4,
          {
            timeoutMs: 90_000,
            intervalMs: 200,
            message: 'a new worker replaces the dead one',
            detail: server.output,
          },
        );
        expect((await fresh('/')).status).toBe(200);

        // One signal to the primary stops every worker, gracefully.
        const workers = workersOf(primary);
        expect(await server.stop('SIGTERM'), server.output().slice(-3000)).toBe(0);
        for (const pid of workers) expect(existsSync(`/proc/${pid}`), `worker ${pid}`).toBe(false);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'postgres')(
    'publishes a scheduled article once across two processes, and both cached home pages show it within 15 s',
    async () => {
      const database = await createTestDatabase();
      try {
        // Info lines say which process ran the go-live job.
        const env = {
          DATABASE_URL: database.url as string,
          SEED_DEMO: '0',
          LOG_LEVEL: 'info',
          WEB_CONCURRENCY: '1',
        };
        const [a, b] = await Promise.all([
          startServer({ ...env, DATA_DIR: dataDir() }),
          startServer({ ...env, DATA_DIR: dataDir() }),
        ]);
        running.push(a, b);
        const call = async (url: string, body: unknown, token?: string) => {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: JSON.stringify(body),
          });
          expect(res.status, await res.clone().text()).toBeLessThan(300);
          return (await res.json()) as Record<string, unknown>;
        };
        const { token } = (await call(`${a.url}/api/users/signup`, {
          name: 'Editor in chief',
          email: 'chief@example.com',
          password: 'a long enough password',
        })) as { token: string };
        const category = (await call(
          `${a.url}/api/categories/addCategory`,
          { name: 'Morning News', description: 'x', isHome: true },
          token,
        )) as { _id: string; slug: string };
        const name = 'The story that waits for dawn';
        // Time enough to warm both processes' caches first, even on a busy machine.
        const at = Date.now() + 20_000;
        const article = (await call(
          `${a.url}/api/articles/article`,
          {
            name,
            category: category._id,
            imageUrl: 'https://images.example.com/dawn.jpg',
            description: '<p>It waited.</p>',
            publishedAt: new Date(at).toISOString(),
          },
          token,
        )) as { _id: string; slug: string };

        // Before its time: absent from both processes' pages, which are now cached.
        const read = async (server: RunningServer, path: string) => {
          const res = await fetch(`${server.url}${path}`);
          return { cache: res.headers.get('x-page-cache'), body: await res.text() };
        };
        for (const server of [a, b]) {
          await read(server, '/');
          const home = await read(server, '/');
          expect(home.cache).toBe('hit');
          expect(home.body).not.toContain(name);
          expect((await read(server, `/category/${category.slug}`)).body).not.toContain(name);
          expect((await read(server, '/feed.xml')).body).not.toContain(name);
        }
        expect(Date.now()).toBeLessThan(at);

        // Within 15 s of its time, both processes' pages show it: emptied by the job (the
        // cache's own lifetime is a minute), which ran in one process only. A page nobody read
        // lately is refreshed by its next reader (who may get the stale copy once), so each is
        // read until it shows the article.
        const pages = ['/', `/category/${category.slug}`, '/feed.xml'];
        await waitUntil(
          async () => {
            for (const server of [a, b])
              for (const path of pages)
                if (!(await read(server, path)).body.includes(name)) return false;
            return true;
          },
          {
            timeoutMs: at + 15_000 - Date.now(),
            intervalMs: 250,
            message: "both processes' home, category and feed show the scheduled article",
            detail: () => a.output() + b.output(),
          },
        );
        const ran = (a.output() + b.output())
          .split('\n')
          .filter((line) => line.includes('a scheduled article went live'));
        expect(ran).toHaveLength(1);
        expect(ran[0]).toContain(article._id);
        expect(await a.stop()).toBe(0);
        expect(await b.stop()).toBe(0);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST,
  );

  it.skipIf(testEngine() !== 'postgres')(
    'counts rate limits once for several processes on one PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      try {
        const env = { DATABASE_URL: database.url as string, SEED_DEMO: '0', WEB_CONCURRENCY: '1' };
        const [a, b] = await Promise.all([
          startServer({ ...env, DATA_DIR: dataDir() }),
          startServer({ ...env, DATA_DIR: dataDir() }),
        ]);
        running.push(a, b);
        // Sign-ups from one address, alternating between the processes.
        const signUp = (server: RunningServer, n: number) =>
          fetch(`${server.url}/api/users/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: `Twin ${n}`,
              email: `twin-${n}@example.com`,
              password: 'a long enough password',
            }),
          });
        for (let n = 0; n < SIGN_UP_MAX_PER_HOUR; n++) {
          expect((await signUp(n % 2 ? a : b, n)).status, `sign-up ${n + 1}`).toBe(201);
        }
        for (const server of [a, b]) {
          const refused = await signUp(server, 100);
          expect(refused.status).toBe(429);
          expect(refused.headers.get('ratelimit-remaining')).toBe('0');
          expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(((await refused.json()) as { message: string }).message).toMatch(
            /^Too many requests\./,
          );
        }
        // Uploads likewise: counted before anything is read, so anonymous tries count too.
        const upload = (server: RunningServer) =>
          fetch(`${server.url}/api/media`, { method: 'POST' });
        let last = 0;
        for (let n = 0; n <= UPLOADS_PER_ADDRESS; n++) last = (await upload(n % 2 ? a : b)).status;
        expect(last).toBe(429);
        expect(await a.stop()).toBe(0);
        expect(await b.stop()).toBe(0);
      } finally {
        await database.close();
      }
    },
    PROCESS_TEST,
  );

  it(
    'finishes in-flight requests on SIGTERM, exits 0, and keeps every acknowledged write',
    async () => {
      const database = testEngine() === 'postgres' ? await createTestDatabase() : undefined;
      try {
        // Each writer is a reader of its own (X-Forwarded-For through a trusted local proxy), so
        // the per-address sign-up limit does not stop the stream.
        const env = {
          DATA_DIR: database ? dataDir() : await migratedDir(),
          SEED_DEMO: '0',
          TRUST_PROXY: 'loopback',
          // One process: the in-flight gauge this test waits on is each process's own (/metrics
          // answers from whichever worker takes the scrape); several workers stopping together
          // are the WEB_CONCURRENCY test's subject.
          WEB_CONCURRENCY: '1',
          ...(database ? { DATABASE_URL: database.url as string } : {}),
        };
        const server = await startServer(env);
        running.push(server);

        // A stream of writes (sign-ups hash a password, so each takes a while on the server).
        const acknowledged: string[] = [];
        const failures: { startedAt: number; error: string }[] = [];
        let signalAt = Number.POSITIVE_INFINITY;
        const worker = async (w: number) => {
          for (let i = 0; ; i++) {
            const email = `w${w}-${i}@example.com`;
            const startedAt = Date.now();
            try {
              const res = await fetch(`${server.url}/api/users/signup`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  connection: 'close',
                  'x-forwarded-for': someAddress(),
                },
                body: JSON.stringify({
                  name: `Writer ${w}-${i}`,
                  email,
                  password: 'a long enough password',
                }),
              });
              if (res.status === 201) acknowledged.push(email);
              // Fastify had not begun it when closing began (the client may have sent it before
              // the signal; a busy server reads it later): refused at the door, nothing cut off.
              else if (res.status === 503 && (await res.text()) === CLOSING_ANSWER) return;
              else failures.push({ startedAt, error: `status ${res.status}` });
            } catch (error) {
              failures.push({ startedAt, error: String((error as Error).cause ?? error) });
              return; // the server is gone
            }
            if (Date.now() > signalAt + 10_000) return;
          }
        };
        const workers = Array.from({ length: 4 }, (_, w) => worker(w));
        await waitUntil(() => acknowledged.length >= 8 || failures.length > 0, {
          timeoutMs: 60_000,
          message: '8 sign-ups acknowledged before the signal',
          detail: () =>
            `${acknowledged.length} acknowledged, failures ${JSON.stringify(failures)}\n${server.output()}`,
        });
        expect(failures, 'no write fails before the signal').toEqual([]);

        // Three requests the server has begun and cannot finish until their bodies arrive, which
        // is after the signal: in flight, whatever the machine's speed.
        const slow = ['slow-1', 'slow-2', 'slow-3'].map((n) =>
          halfSentSignUp(server.url, `${n}@example.com`),
        );
        await waitUntil(async () => (await requestsInFlight(server.url)) >= slow.length, {
          timeoutMs: 30_000,
          message: 'the half-sent sign-ups are in flight',
        });
        signalAt = Date.now();
        const stopped = server.stop('SIGTERM');
        await waitUntil(
          async () => {
            try {
              await fetch(`${server.url}/api/health`);
              return false;
            } catch {
              return true; // the port is closed: the server is shutting down
            }
          },
          { timeoutMs: 30_000, message: 'the server stopped taking connections' },
        );
        for (const s of slow) s.finish();
        expect(await Promise.all(slow.map((s) => s.status))).toEqual([201, 201, 201]);
        acknowledged.push('slow-1@example.com', 'slow-2@example.com', 'slow-3@example.com');
        expect(await stopped).toBe(0);
        await Promise.all(workers);
        // Nothing of the stream was cut off: a request either got its answer, was refused at the
        // door (Fastify's 503 once closing began), or could not connect once the port was closed.
        expect(failures.filter((f) => f.error.startsWith('status'))).toEqual([]);

        // A restart on the same data finds every acknowledged account.
        const again = await startServer(env);
        running.push(again);
        for (const email of acknowledged) {
          const res = await fetch(`${again.url}/api/users/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'a long enough password' }),
          });
          expect(res.status, email).toBe(200);
        }
        expect(await again.stop()).toBe(0);
      } finally {
        await database?.close();
      }
    },
    PROCESS_TEST,
  );
});
