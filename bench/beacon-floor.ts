/*
 * The floor under issue 38 item 7: what 2,000 beacons a second cost on this machine before
 * Patrika does anything with them. The bench's own sender (bench/beacon-sender.ts, as
 * bench/beacons.ts uses it) sends BENCH_BEACONS (2,000) beacons a second for BENCH_SECONDS (10)
 * to a server that only reads the body, parses its JSON and answers 204: Node's own `node:http`,
 * then Fastify with one route (the framework Patrika serves with). Prints, for each, the
 * server's CPU and the bench's own CPU per answered beacon (from /proc and process.cpuUsage),
 * and their share of the machine's cores at that rate. `npm run bench` with BENCH_TARGETS naming
 * "beacons" measures the same floor beside Patrika's beacon in one run (bench/beacon-cost.ts).
 *
 *   node --import tsx bench/beacon-floor.ts
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { BEACON_RATE } from './beacons';
import { processCpuMs } from './profile';
import { freePort } from '../tests/setup/spawn-server';

const FASTIFY = createRequire(import.meta.url).resolve('fastify');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

/** Each server as a script for `node -e`: it prints "up" once it listens on process.argv[1]. */
const SERVERS: Record<string, string> = {
  'node:http': `
    require('node:http').createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => { JSON.parse(body); res.statusCode = 204; res.end(); });
    }).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('up'));`,
  fastify: `
    const app = require(${JSON.stringify(FASTIFY)})({ logger: false });
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (req, body, done) => {
      try { done(null, JSON.parse(body)); } catch (error) { done(error); }
    });
    app.post('/api/analytics/event', async (request, reply) => reply.code(204).send());
    app.listen({ port: Number(process.argv[1]), host: '127.0.0.1' }).then(() => console.log('up'));`,
};

interface Done {
  kind: 'done';
  answered: number;
}

/** Sends the beacons to one floor server; answers its and the bench's CPU per answered beacon. */
async function measure(script: string, seconds: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const stories = Array.from({ length: 50 }, (_, i) => ({ id: `${i + 1}`, path: `/x/s-${i}` }));
    const server0 = processCpuMs(child.pid!);
    const bench0 = process.cpuUsage();
    const sender = new Worker(new URL('./beacon-sender.ts', import.meta.url), {
      workerData: {
        port,
        rate: BEACON_RATE,
        seconds,
        stories,
        userAgent: BROWSER,
        referrer: 'https://t.me/',
      },
    });
    const done = await new Promise<Done>((resolve, reject) => {
      sender.on('message', (m: { kind: string }) => m.kind === 'done' && resolve(m as Done));
      sender.on('error', reject);
    });
    const serverMs = processCpuMs(child.pid!) - server0;
    const bench = process.cpuUsage(bench0);
    await sender.terminate();
    return {
      answered: done.answered,
      serverMsPerBeacon: serverMs / done.answered,
      benchMsPerBeacon: (bench.user + bench.system) / 1000 / done.answered,
    };
  } finally {
    child.kill();
  }
}

/** The floor's figures per server: answered beacons, server and bench CPU a beacon (ms). */
export async function floorCosts(seconds = SECONDS) {
  const rows: { server: string; answered: number; serverMs: number; benchMs: number }[] = [];
  for (const [server, script] of Object.entries(SERVERS)) {
    const m = await measure(script, seconds);
    rows.push({
      server,
      answered: m.answered,
      serverMs: m.serverMsPerBeacon,
      benchMs: m.benchMsPerBeacon,
    });
  }
  return rows;
}

if (process.argv[1]?.endsWith('beacon-floor.ts')) {
  const cores = availableParallelism();
  console.table(
    (await floorCosts()).map((m) => ({
      server: m.server,
      answered: m.answered,
      serverMs: Number(m.serverMs.toFixed(4)),
      benchMs: Number(m.benchMs.toFixed(4)),
      [`share of ${cores} cores at ${BEACON_RATE}/s`]: `${(((m.serverMs + m.benchMs) * BEACON_RATE) / (10 * cores)).toFixed(1)} %`,
    })),
  );
}
