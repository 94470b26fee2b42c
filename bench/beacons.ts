/*
 * Analytics beacons beside the election-night readers (issue 38 item 7): BENCH_BEACONS (2,000)
 * `POST /api/analytics/event` views a second for the run's seconds, sent open-loop (each tick
 * sends what the rate owes by then, whatever the answers' pace), as the reader script sends
 * them: text/plain JSON, a browser's user agent, an address of its own each (X-Forwarded-For,
 * believed from loopback: one address would meet the per-address ceiling), an article of the
 * site and a Telegram referrer. The readers' own views are counted as direct, so the beacons'
 * rows are the `telegram` ones.
 *
 * Counted within 15 s: while the beacons go (every 2 s) and after the last (every quarter
 * second), the bench reads how many `telegram` rows the database kept since the run began; each
 * moment's answered beacons must all be there within 15 s of it (read 2 s late at most while
 * sending: the figure errs long, never short). Printed: beacons asked, sent, answered 204, refused, the rate reached, the
 * longest a beacon waited to be counted, and whether every one was within 15 s.
 */
import { Worker } from 'node:worker_threads';
import pg from 'pg';

/** Beacons a second (BENCH_BEACONS). */
export const BEACON_RATE = Number(process.env.BENCH_BEACONS ?? 2_000);
const COUNTED_WITHIN_MS = 15_000;
/** Issue 70's line: the readers' cached page rate beside the beacons falls by at most this. */
const FALL_GOAL_PERCENT = 15;
/** How often the counted rows are read while beacons are sent, and after the last is answered. */
const POLL_SENDING_MS = 2_000;
const POLL_MS = 250;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const REFERRER = 'https://t.me/';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const now = () => performance.timeOrigin + performance.now();

/** A reader's address of its own (X-Forwarded-For, believed from loopback): never a repeat's. */
export const randomAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/**
 * The `telegram` view rows (the beacons') kept since `since`, read through the events' time index:
 * a count of every such row the database holds (earlier runs' too) cost PostgreSQL 40–115 ms a
 * poll, CPU the readers beside it lost to the bench rather than to the beacons.
 */
async function countedRows(client: pg.Client, since: Date) {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM analytics_events
     WHERE at >= $1 AND source = 'telegram' AND kind = 'view'`,
    [since],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Samples of a count over time: [ms since the start, count]. */
type Samples = [number, number][];

/** The longest any answered beacon waited to be counted, or undefined if some never were. */
function longestWait(answered: Samples, counted: Samples): number | undefined {
  let longest = 0;
  let c = 0;
  for (const [t, n] of answered) {
    while (c < counted.length && counted[c]![1] < n) c++;
    if (c === counted.length) return undefined;
    longest = Math.max(longest, counted[c]![0] - t);
  }
  return longest;
}

interface SenderDone {
  kind: 'done';
  sent: number;
  answered: number;
  refused: number;
  behind: number;
  sendingMs: number;
}
type SenderMessage = { kind: 'answered'; at: number; answered: number } | SenderDone;

/**
 * Sends `rate` beacons a second for `seconds` to the server at `port` from a thread of its own
 * (bench/beacon-sender.ts), telling `onAnswered` the answers so far as they come; answers the
 * sender's tally once it is done.
 */
export async function sendBeacons(
  opts: { port: number; rate: number; seconds: number; stories: { id: string; path: string }[] },
  onAnswered?: (at: number, answered: number) => void,
) {
  const sender = new Worker(new URL('./beacon-sender.ts', import.meta.url), {
    workerData: {
      port: opts.port,
      rate: opts.rate,
      seconds: opts.seconds,
      stories: opts.stories,
      userAgent: BROWSER,
      referrer: REFERRER,
    },
  });
  try {
    return await new Promise<SenderDone>((resolve, reject) => {
      sender.on('message', (message: SenderMessage) => {
        if (message.kind === 'done') return resolve(message);
        onAnswered?.(message.at, message.answered);
      });
      sender.once('error', reject);
      sender.once('exit', (code) => reject(new Error(`the beacon sender stopped (${code})`)));
    });
  } finally {
    await sender.terminate();
  }
}

/**
 * Sends the beacons for `seconds` against the server at `port` (its database `databaseUrl`),
 * then waits up to 15 s for the last to be counted; answers the figures. The sending is a
 * thread of its own (bench/beacon-sender.ts), so the readers' load in this thread and the
 * beacons' never wait on each other.
 */
export async function beaconLoad(opts: {
  port: number;
  databaseUrl: string;
  stories: { id: string; path: string }[];
  seconds: number;
  rate?: number;
  /** Called once the last beacon is answered, before the wait for the last counts. */
  onAnswered?: () => void;
}) {
  const rate = opts.rate ?? BEACON_RATE;
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    // Rows are stamped with the server's clock (this machine's) as they are kept.
    const since = new Date(Date.now() - 1_000);
    const before = await countedRows(client, since);
    const started = now();
    const elapsed = () => now() - started;
    const answered: Samples = [];
    const counted: Samples = [];
    let answeredSoFar = 0;
    /** Set when the last beacon is answered: the counting is watched 15 s longer at most. */
    let deadline = Infinity;
    const polling = (async () => {
      while (elapsed() < deadline) {
        const n = (await countedRows(client, since)) - before;
        counted.push([elapsed(), n]);
        if (deadline !== Infinity && n >= answeredSoFar) break;
        await sleep(deadline === Infinity ? POLL_SENDING_MS : POLL_MS);
      }
    })();
    const done = await sendBeacons({ ...opts, rate }, (at, n) => {
      answeredSoFar = n;
      answered.push([at - started, n]);
    });
    opts.onAnswered?.();
    const seconds = done.sendingMs / 1000;
    deadline = elapsed() + COUNTED_WITHIN_MS + POLL_MS;
    await polling;
    const wait = longestWait(answered, counted);
    return {
      rate,
      seconds: Math.round(seconds),
      asked: Math.round(rate * opts.seconds),
      sent: done.sent,
      answered: done.answered,
      refused: done.refused,
      notSentBehind: done.behind,
      perSecond: Math.round(done.answered / seconds),
      counted: counted.at(-1)?.[1] ?? 0,
      longestWaitMs: wait === undefined ? null : Math.round(wait),
      everyOneWithin15s: wait !== undefined && wait <= COUNTED_WITHIN_MS,
    };
  } finally {
    await client.end();
  }
}
export type BeaconResult = Awaited<ReturnType<typeof beaconLoad>>;

/** What the processes took in a run, % of one core (the floor's own server is not in it). */
interface RunCpu {
  workers: { cpuPercent: number }[];
  databaseCpuPercent?: number;
  benchCpuPercent: number;
}

/** A readers' run as the table reads it. */
interface ReadersRun {
  pagesPerSecond: number;
  fromCachePercent: number;
  p99ms: number;
  server?: RunCpu;
}

/** The lines the scenario adds: the cached page rate alone and beside the beacons, and theirs. */
export function beaconsTable(
  alone: ReadersRun,
  beside: ReadersRun,
  runs: BeaconResult[],
  /** The readers beside the same beacons sent to the floor server (bench/beacon-floor.ts). */
  floor?: typeof alone,
): string {
  const cached = (s: typeof alone) => (s.pagesPerSecond * s.fromCachePercent) / 100;
  const fall = (s: typeof alone) =>
    ((cached(s) - cached(alone)) / Math.max(1, cached(alone))) * 100;
  const change = fall(beside);
  const sum = (f: (r: BeaconResult) => number) => runs.reduce((n, r) => n + f(r), 0);
  const waits = runs.map((r) => r.longestWaitMs);
  const every = runs.every((r) => r.everyOneWithin15s);
  const rows: [string, string][] = [
    ['cached pages a second, readers alone', `${Math.round(cached(alone))}`],
    [
      `cached pages a second beside ${runs[0]?.rate ?? 0} beacons a second`,
      `${Math.round(cached(beside))} (${change >= 0 ? '+' : ''}${change.toFixed(1)} %; at most ${FALL_GOAL_PERCENT} % lower: ${change >= -FALL_GOAL_PERCENT ? 'met' : 'NOT met'})`,
    ],
    ...floorRows(beside, floor, fall, cached),
    ['p99 ms alone / beside the beacons', `${alone.p99ms} / ${beside.p99ms}`],
    ...cpuRow(alone, beside, floor),
    [
      'beacons asked / sent / answered 204 / refused / not sent (bench behind)',
      [
        sum((r) => r.asked),
        sum((r) => r.sent),
        sum((r) => r.answered),
        sum((r) => r.refused),
        sum((r) => r.notSentBehind),
      ].join(' / '),
    ],
    ['beacons answered a second', runs.map((r) => r.perSecond).join(', ')],
    [
      'longest wait to be counted, ms',
      waits.map((w) => (w === null ? 'some never counted' : `${w}`)).join(', '),
    ],
    ['every beacon counted within 15 s', every ? 'met' : 'NOT met'],
  ];
  return [
    '| beacons beside the readers | |',
    '| --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/**
 * The floor's rows: the readers' cached page rate beside the same beacons sent to a server that
 * only answers 204, and how much more Patrika's beacons took: what this machine can show when
 * the sender, the kernel and the floor alone already cost more than the issue's 15 %.
 */
function floorRows<S extends { pagesPerSecond: number; fromCachePercent: number }>(
  beside: S,
  floor: S | undefined,
  fall: (s: S) => number,
  cached: (s: S) => number,
): [string, string][] {
  if (!floor) return [];
  const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;
  return [
    [
      'cached pages a second beside the same beacons sent to the floor (node:http, 204)',
      `${Math.round(cached(floor))} (${pct(fall(floor))})`,
    ],
    [
      "Patrika's beacons' fall beyond the floor's (points; the issue: 15 − 7 = 8 at most)",
      `${(fall(floor) - fall(beside)).toFixed(1)}`,
    ],
  ];
}

/** The runs' CPU side by side: where the readers' lost pages went (Patrika's workers, PostgreSQL). */
function cpuRow(...runs: ({ server?: RunCpu } | undefined)[]): [string, string][] {
  const shown = runs.filter((r) => r !== undefined);
  if (shown.some((r) => r.server === undefined)) return [];
  const of = (c: RunCpu) =>
    `${c.workers.reduce((n, w) => n + w.cpuPercent, 0)} / ${c.databaseCpuPercent ?? '—'} / ${c.benchCpuPercent}`;
  return [
    [
      `CPU, % of one core: Patrika's workers / PostgreSQL / the bench; alone, beside the beacons${shown.length > 2 ? ', beside the floor' : ''}`,
      shown.map((r) => of(r.server!)).join('; '),
    ],
  ];
}
