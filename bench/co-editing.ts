/*
 * The co-editing scenario of `npm run bench` (issue 43 item 4, docs/decisions/061), named by
 * BENCH_TARGETS ("co-editing"; it takes over a minute, so never by default): ten writers type
 * into one story's shared document for 60 s, half on each of two server processes of one
 * PostgreSQL site, relayed through Redis (REDIS_URL, else 127.0.0.1:6379). Each writer types
 * five keystrokes a second at the end of a paragraph of its own, as Hocuspocus's own provider
 * in this process (the editor's, without a browser's drawing); every other writer notes when
 * each keystroke reaches its copy. Printed: keystrokes, p50/p99/max from a keystroke to its
 * arrival in the other writers' documents, each server's CPU and peak memory, and the stored
 * document's size after compaction beside the bytes of every update sent.
 *
 * Settings: BENCH_COEDIT_SECONDS (60), BENCH_COEDIT_WRITERS (10), BENCH_DATABASE_URL's server
 * (else 127.0.0.1:5432; a database of its own is made and dropped).
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import * as Y from 'yjs';
import { BODY_FIELD } from '../common/editor/editor-extensions';
import { withDatabase } from '../tests/setup/database-url';
import { freePort, startServer, type RunningServer } from '../tests/setup/spawn-server';
import { percentile, processCpuMs } from './profile';

const SECONDS = Number(process.env.BENCH_COEDIT_SECONDS ?? 60);
const WRITERS = Number(process.env.BENCH_COEDIT_WRITERS ?? 10);
/** Keystrokes a second per writer: a quick typist's 60 words a minute. */
const KEYS_PER_SECOND = 5;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface CoEditingResult {
  seconds: number;
  writers: number;
  processes: number;
  keystrokes: number;
  arrivals: number;
  p50ms: number;
  p99ms: number;
  maxMs: number;
  /** CPU seconds each server process used while the writers typed, as a share of one core. */
  serverCpu: string[];
  serverPeakMb: number[];
  storedBytes: number;
  sentBytes: number;
  lost: number;
}

async function call<T>(base: string, path: string, body: unknown, token?: string, method = 'POST') {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench: ${method} ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The writers' tokens (the first is the administrator; the others editors) and the story. */
async function setUp(base: string) {
  type Signed = { token: string; _id: string };
  const account = (n: number) => ({
    name: `Writer ${n}`,
    email: `writer-${n}@bench.invalid`,
    password: 'co-editing-bench-password',
  });
  const admin = await call<Signed>(base, '/api/users/signup', account(1));
  const tokens = [admin.token];
  for (let n = 2; n <= WRITERS; n++) {
    const one = await call<Signed>(base, '/api/users/signup', account(n));
    await call(base, `/api/users/${one._id}/role`, { role: 'editor' }, admin.token, 'PUT');
    tokens.push(one.token);
  }
  const category = await call<{ _id: string }>(
    base,
    '/api/categories/addCategory',
    { name: 'Results', description: 'Results night.' },
    admin.token,
  );
  const story = await call<{ _id: string }>(
    base,
    '/api/articles/article',
    {
      name: 'Counting day, written by ten',
      category: category._id,
      imageUrl: 'https://images.example.com/counting.jpg',
      description: '<p>The first trends are in.</p>',
    },
    admin.token,
  );
  return { tokens, storyId: story._id };
}

/** A process's CPU seconds so far (user and system). */
const cpuSeconds = (pid: number) => processCpuMs(pid) / 1000;
const rssMb = (pid: number) => {
  const line = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : 0;
};

const prefixOf = (writer: number) => `w${writer}:`;

/** The text of each writer's paragraph in `doc`, by writer. */
function typedIn(doc: Y.Doc): Map<number, number> {
  const typed = new Map<number, number>();
  for (const node of doc.getXmlFragment(BODY_FIELD).toArray()) {
    const text = node instanceof Y.XmlElement ? node.get(0) : undefined;
    if (!(text instanceof Y.XmlText)) continue;
    const words = text.toString();
    const match = /^w(\d+):/.exec(words);
    if (match) typed.set(Number(match[1]), words.length - match[0].length);
  }
  return typed;
}

interface Writer {
  n: number;
  provider: HocuspocusProvider;
  doc: Y.Doc;
  text?: Y.XmlText;
}

function joinAs(url: string, storyId: string, token: string, n: number): Promise<Writer> {
  const doc = new Y.Doc();
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url: `${url.replace('http', 'ws')}/api/collab`,
      name: storyId,
      token,
      document: doc,
      onSynced: () => resolve({ n, provider, doc }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(`refused: ${reason}`)),
    });
  });
}

export async function coEditingScenario(): Promise<CoEditingResult> {
  const name = `patrika_bench_coedit_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const databaseUrl = withDatabase(POSTGRES, name);
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const writers: Writer[] = [];
  try {
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-coedit-'));
      dirs.push(dataDir);
      servers.push(
        await startServer(
          {
            DATABASE_URL: databaseUrl,
            DATA_DIR: dataDir,
            SEED_DEMO: '0',
            WEB_CONCURRENCY: '1',
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
            API_RATE_LIMIT: '0',
            REDIS_URL,
            LOG_LEVEL: 'warn',
          },
          { timeoutMs: 180_000 },
        ),
      );
    }
    const { tokens, storyId } = await setUp(servers[0]!.url);
    for (let n = 0; n < WRITERS; n++)
      writers.push(await joinAs(servers[n % 2]!.url, storyId, tokens[n]!, n));
    // Each writer's paragraph, then a moment for everyone to have everyone's.
    for (const w of writers)
      w.doc.transact(() => {
        const paragraph = new Y.XmlElement('paragraph');
        w.text = new Y.XmlText(prefixOf(w.n));
        paragraph.insert(0, [w.text]);
        const body = w.doc.getXmlFragment(BODY_FIELD);
        body.insert(body.length, [paragraph]);
      });
    await new Promise((r) => setTimeout(r, 2000));

    // sentAt[w][k]: when writer w typed its k-th keystroke.
    const sentAt = writers.map(() => [] as number[]);
    const latencies: number[] = [];
    let sentBytes = 0;
    for (const w of writers) {
      const seen = new Map<number, number>();
      w.doc.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === w.doc.clientID) sentBytes += update.length;
        const now = performance.now();
        for (const [writer, typed] of typedIn(w.doc)) {
          if (writer === w.n) continue;
          for (let k = seen.get(writer) ?? 0; k < typed; k++) {
            const at = sentAt[writer]?.[k];
            if (at !== undefined) latencies.push(now - at);
          }
          seen.set(writer, Math.max(seen.get(writer) ?? 0, typed));
        }
      });
    }

    const before = servers.map((s) => cpuSeconds(s.process.pid!));
    const peak = servers.map(() => 0);
    const sampling = setInterval(() => {
      servers.forEach((s, i) => (peak[i] = Math.max(peak[i]!, rssMb(s.process.pid!))));
    }, 1000);
    const started = performance.now();
    const typing = writers.map(async (w) => {
      const letters = 'abcdefghijklmnopqrstuvwxyz ';
      for (let k = 0; performance.now() - started < SECONDS * 1000; k++) {
        sentAt[w.n]!.push(performance.now());
        w.doc.transact(
          () => w.text!.insert(w.text!.length, letters[k % letters.length]!),
          w.doc.clientID,
        );
        await new Promise((r) => setTimeout(r, 1000 / KEYS_PER_SECOND));
      }
    });
    await Promise.all(typing);
    // The last keystrokes' arrivals.
    await new Promise((r) => setTimeout(r, 3000));
    clearInterval(sampling);
    const took = (performance.now() - started) / 1000;
    const used = servers.map((s, i) => cpuSeconds(s.process.pid!) - before[i]!);
    const keystrokes = sentAt.reduce((sum, w) => sum + w.length, 0);
    // What every writer's copy lacks of the others' typing.
    let lost = 0;
    for (const w of writers)
      for (const [writer, typed] of typedIn(w.doc))
        lost += Math.max(0, (sentAt[writer]?.length ?? 0) - typed);

    for (const w of writers) w.provider.destroy();
    // The store after the last change (Hocuspocus's debounce, at most 10 s), then its size.
    await new Promise((r) => setTimeout(r, 11_000));
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ bytes: number }>(
      'SELECT octet_length(state) AS bytes FROM collab_documents WHERE article_id = $1',
      [storyId],
    );
    await db.end();
    return {
      seconds: Math.round(took),
      writers: WRITERS,
      processes: servers.length,
      keystrokes,
      arrivals: latencies.length,
      p50ms: Math.round(percentile(latencies, 0.5)),
      p99ms: Math.round(percentile(latencies, 0.99)),
      maxMs: Math.round(Math.max(...latencies)),
      serverCpu: used.map((s) => `${((s / took) * 100).toFixed(0)} %`),
      serverPeakMb: peak.map((mb) => Math.round(mb)),
      storedBytes: Number(rows[0]?.bytes ?? 0),
      sentBytes,
      lost,
    };
  } finally {
    for (const w of writers) w.provider.destroy();
    for (const s of servers) await s.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** The scenario as README's table. */
export function coEditingTable(r: CoEditingResult): string {
  return [
    '| writers (processes) | keystrokes | keystroke → other writers p50 / p99 / max | server CPU (each process, of one core) | server peak memory | stored document | updates sent | lost |',
    '|---|---|---|---|---|---|---|---|',
    `| ${r.writers} (${r.processes}) | ${r.keystrokes} in ${r.seconds} s | ${r.p50ms} / ${r.p99ms} / ${r.maxMs} ms (${r.arrivals} arrivals) | ${r.serverCpu.join(', ')} | ${r.serverPeakMb.map((mb) => `${mb} MB`).join(', ')} | ${r.storedBytes} bytes | ${r.sentBytes} bytes | ${r.lost} |`,
  ].join('\n');
}
