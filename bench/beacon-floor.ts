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
import { BEACON_RATE, sendBeacons } from './beacons';
import { processCpuMs } from './profile';
import { freePort } from '../tests/setup/spawn-server';

const FASTIFY = createRequire(import.meta.url).resolve('fastify');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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

/**
 * One floor server started in a process of its own (Node's `node:http` unless told): its port,
 * its process and a way to stop it. bench/election-night.ts sends the readers' third run's
 * beacons to it to measure what the machine loses to beacons that cost only the floor.
 */
export async function startFloor(script = SERVERS['node:http']!) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { port, child, stop: () => child.kill() };
}

/** Sends the beacons to one floor server; answers its and the bench's CPU per answered beacon. */
async function measure(script: string, seconds: number) {
  const { port, child, stop } = await startFloor(script);
  try {
    const stories = Array.from({ length: 50 }, (_, i) => ({ id: `${i + 1}`, path: `/x/s-${i}` }));
    const server0 = processCpuMs(child.pid!);
    const bench0 = process.cpuUsage();
    const done = await sendBeacons({ port, rate: BEACON_RATE, seconds, stories });
    const serverMs = processCpuMs(child.pid!) - server0;
    const bench = process.cpuUsage(bench0);
    return {
      answered: done.answered,
      serverMsPerBeacon: serverMs / done.answered,
      benchMsPerBeacon: (bench.user + bench.system) / 1000 / done.answered,
    };
  } finally {
    stop();
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
