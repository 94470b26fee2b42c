/*
 * The beacons' sender (bench/beacons.ts), in a thread of its own: HTTP/1.1 requests written as
 * bytes on a few kept-alive sockets, pipelined, and their answers read by status line and
 * length, as wrk does. Node's HTTP client spent about a millisecond of the bench's own core per
 * beacon, so the bench, not the site, set the pace (720 a second against a site that was idle
 * half the time), and in the election-night run it shared its thread with the readers.
 *
 * workerData: { port, rate, seconds, stories: { id, path }[], userAgent, referrer }.
 * Posts { kind: 'answered', at, answered } as answers come (at: ms since the epoch, fractional),
 * then { kind: 'done', sent, answered, refused, behind }.
 */
import { connect, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { randomAddress } from './beacons';

interface SenderInput {
  port: number;
  rate: number;
  seconds: number;
  stories: { id: string; path: string }[];
  userAgent: string;
  referrer: string;
}

const input = workerData as SenderInput;
/** Sockets kept open to the site; each carries requests one after another, pipelined. */
const SOCKETS = 32;
/** Beacons under way at once at most, all sockets together: past it the bench is behind. */
const IN_FLIGHT = 512;
const TICK_MS = 10;
const REPORT_MS = 50;
const HEADER_END = Buffer.from('\r\n\r\n');

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Each story's request up to its X-Forwarded-For line, and the rest after it. */
const templates = input.stories.map((story) => {
  const body = JSON.stringify({
    type: 'view',
    path: story.path,
    articleId: story.id,
    referrer: input.referrer,
  });
  return {
    head:
      `POST /api/analytics/event HTTP/1.1\r\nHost: 127.0.0.1:${input.port}\r\n` +
      `Content-Type: text/plain;charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      // As a browser sends the page's beacon: a reader's, counted in full (issue 66 item 11).
      `User-Agent: ${input.userAgent}\r\nSec-Fetch-Site: same-origin\r\nX-Forwarded-For: `,
    tail: `\r\n\r\n${body}`,
  };
});

const tally = { sent: 0, answered: 0, refused: 0, behind: 0 };
let inFlight = 0;
let lastReport = 0;

function report(force = false) {
  const at = now();
  if (!force && at - lastReport < REPORT_MS) return;
  lastReport = at;
  parentPort?.postMessage({ kind: 'answered', at, answered: tally.answered });
}

interface Line {
  socket: Socket;
  waiting: number;
  buffer: Buffer;
}

/** Reads whole answers off a socket's bytes: status line, headers, then Content-Length bytes. */
function readAnswers(line: Line) {
  for (;;) {
    const end = line.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = line.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    const whole = end + HEADER_END.length + length;
    if (line.buffer.length < whole) return;
    line.buffer = line.buffer.subarray(whole);
    line.waiting--;
    inFlight--;
    if (status === 204) tally.answered++;
    else tally.refused++;
    report();
  }
}

function open(): Promise<Line> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: input.port, noDelay: true });
    const line: Line = { socket, waiting: 0, buffer: Buffer.alloc(0) };
    socket.once('connect', () => resolve(line));
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      line.buffer = line.buffer.length ? Buffer.concat([line.buffer, chunk]) : chunk;
      readAnswers(line);
    });
    socket.on('close', () => {
      // Whatever was still asked on a closed socket is lost: refused, and the bench goes on.
      tally.refused += line.waiting;
      inFlight -= line.waiting;
      line.waiting = 0;
    });
  });
}

const lines = await Promise.all(Array.from({ length: SOCKETS }, () => open()));
const started = now();
const elapsed = () => now() - started;
let next = 0;
while (elapsed() < input.seconds * 1000) {
  const owed = Math.floor((elapsed() * input.rate) / 1000) - tally.sent - tally.behind;
  for (let i = 0; i < owed; i++) {
    if (inFlight >= IN_FLIGHT) {
      tally.behind++;
      continue;
    }
    const line = lines[next++ % lines.length]!;
    if (line.socket.destroyed) {
      tally.behind++;
      continue;
    }
    const story = templates[(tally.sent * 7919) % templates.length]!;
    line.socket.write(story.head + randomAddress() + story.tail);
    line.waiting++;
    inFlight++;
    tally.sent++;
  }
  await sleep(TICK_MS);
}
// The last answers, for as long as the site takes (each has the run's own limit: 60 s).
const waitUntil = now() + 60_000;
while (inFlight > 0 && now() < waitUntil) await sleep(TICK_MS);
tally.refused += inFlight;
report(true);
for (const line of lines) line.socket.destroy();
parentPort?.postMessage({ kind: 'done', ...tally, sendingMs: elapsed() });
