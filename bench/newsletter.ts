/*
 * The newsletter scenario of `npm run bench` (issue 37 item 7, docs/decisions/055): one issue
 * sent to BENCH_SUBSCRIBERS (100,000) confirmed subscribers through a local SMTP sink, on a
 * site of its own at NEWSLETTER_RATE=BENCH_NEWSLETTER_RATE (200) a second. The sink is a real
 * SMTP server (smtp-server) that counts recipients and keeps nothing else. Printed: the time
 * from "send now" to the last message, messages a second, repeats and misses, and the serving
 * process's RSS sampled as the issue goes (at a tenth, half and the end: flat memory means the
 * three stay close) and its peak (VmHWM).
 *
 * On the embedded engine (one process, as `npm start` runs it). Settings: BENCH_SUBSCRIBERS
 * (100000), BENCH_NEWSLETTER_RATE (200), BENCH_PROFILE=1 (V8's profiler from a tenth to half of
 * the issue: the profile's file and its heaviest frames are printed; bench/flamegraph.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ROOT } from '../scripts/build-state';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { waitUntil } from '../tests/setup/wait-until';
import { mergeProfile, summary } from './flamegraph';

const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILE_FILE = join(tmpdir(), 'patrika-newsletter.cpuprofile');
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const RATE = Number(process.env.BENCH_NEWSLETTER_RATE ?? 200);
/** Rows per CSV import: well under the import's 10 MB. */
const IMPORT_ROWS = 20_000;

/** A real SMTP server that counts what it is given, per address, and keeps nothing else. */
async function countingSink() {
  const counts = new Map<string, number>();
  let messages = 0;
  /** When the first and the latest message ended (performance.now()). */
  let firstAt: number | undefined;
  let lastAt = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'bench' }),
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        messages++;
        lastAt = performance.now();
        firstAt ??= lastAt;
        for (const r of session.envelope.rcptTo)
          counts.set(r.address, (counts.get(r.address) ?? 0) + 1);
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://bench:bench@127.0.0.1:${port}`,
    counts,
    messages: () => messages,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The process's resident memory now and at its peak, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function json<T>(
  url: string,
  init: Omit<RequestInit, 'body'> & { token?: string; body?: unknown } = {},
) {
  const { token, body, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      ...(body !== undefined && !(body instanceof FormData)
        ? { 'content-type': 'application/json' }
        : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`bench: ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A newsletter, its subscribers imported as a list moves in, and a story to send. */
async function setUp(base: string) {
  const { token } = await json<{ token: string }>(`${base}/api/users/signup`, {
    method: 'POST',
    body: { name: 'Bench desk', email: 'desk@bench.invalid', password: 'newsletter-bench-pw' },
  });
  const category = await json<{ _id: string }>(`${base}/api/categories/addCategory`, {
    method: 'POST',
    token,
    body: { name: 'Results', description: 'Results night.', isHome: false },
  });
  const newsletter = await json<{ _id: string; slug: string }>(`${base}/api/newsletters`, {
    method: 'POST',
    token,
    body: {
      name: 'Results Night',
      language: 'hi',
      schedule: { kind: 'manual', time: '07:00' },
      categories: [category._id],
      maxArticles: 5,
    },
  });
  for (let from = 0; from < SUBSCRIBERS; from += IMPORT_ROWS) {
    const rows = ['email,name,newsletters,subscribed_at,consent'];
    for (let i = from; i < Math.min(from + IMPORT_ROWS, SUBSCRIBERS); i++)
      rows.push(`reader${i}@bench.invalid,,${newsletter.slug},,true`);
    const form = new FormData();
    form.set('file', new Blob([rows.join('\n')], { type: 'text/csv' }), 'list.csv');
    await json(`${base}/api/newsletters/subscribers/import`, { method: 'POST', token, body: form });
  }
  await json(`${base}/api/articles/article`, {
    method: 'POST',
    token,
    body: {
      name: 'मतगणना का दिन: पहले रुझान',
      category: category._id,
      imageUrl: 'https://images.example.com/counting.jpg',
      description: `<p>${'पहले दौर की गिनती पूरी हुई और रुझान आने लगे। '.repeat(20)}</p>`,
    },
  });
  return { token, newsletterId: newsletter._id };
}

export async function newsletterScenario() {
  const sink = await countingSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-newsletter-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: sink.url,
      NEWSLETTER_RATE: String(RATE),
      PUBLIC_URL: 'https://patrika.bench',
      PORT: String(await freePort()),
      ...(PROFILE
        ? {
            NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'cpu-profile-preload.cjs')}`,
            BENCH_PROFILE_FILE: PROFILE_FILE,
          }
        : {}),
    },
    { timeoutMs: 180_000 },
  );
  try {
    const base = server.url;
    const pid = server.process.pid!;
    const { token, newsletterId } = await setUp(base);
    const before = memoryOf(pid);
    const started = performance.now();
    await json(`${base}/api/newsletters/${newsletterId}/send`, { method: 'POST', token });
    const answeredSeconds = Math.round((performance.now() - started) / 100) / 10;
    const samples: { at: number; rssMb: number }[] = [];
    for (const share of [0.1, 0.5, 1]) {
      while (sink.counts.size < SUBSCRIBERS * share) {
        await new Promise((r) => setTimeout(r, 500));
        if (performance.now() - started > 3 * 3600_000) throw new Error('bench: over 3 hours');
      }
      samples.push({ at: share, rssMb: memoryOf(pid).rssMb });
      // The profile covers the steady middle: from a tenth to half of the issue.
      if (PROFILE && share < 1) process.kill(pid, 'SIGUSR2');
    }
    if (PROFILE) {
      await waitUntil(() => server.output().includes('cpu-profile-written'), {
        timeoutMs: 60_000,
        message: 'the CPU profile was not written',
      });
      console.log(`bench: newsletter CPU profile in ${PROFILE_FILE}`);
      const profile = JSON.parse(readFileSync(PROFILE_FILE, 'utf8')) as Parameters<
        typeof mergeProfile
      >[0];
      const { kinds, frames } = summary(mergeProfile(profile));
      console.table(kinds);
      console.table(frames);
    }
    const seconds = (performance.now() - started) / 1000;
    const repeats = [...sink.counts.values()].reduce((n, c) => n + c - 1, 0);
    return {
      subscribers: SUBSCRIBERS,
      rate: RATE,
      seconds: Math.round(seconds),
      messagesPerSecond: Math.round(sink.messages() / seconds),
      // "Send now" makes the issue first (rendered once, a row per recipient in one transaction);
      // the rate asked for is the sending's, from the first message to the last.
      answeredSeconds,
      firstMessageSeconds: Math.round(((sink.firstAt() ?? started) - started) / 100) / 10,
      sendingPerSecond: Math.round(
        (sink.messages() - 1) / ((sink.lastAt() - (sink.firstAt() ?? started)) / 1000 || 1),
      ),
      missing: SUBSCRIBERS - sink.counts.size,
      repeats,
      rssBeforeMb: before.rssMb,
      rssAtTenthMb: samples[0]!.rssMb,
      rssAtHalfMb: samples[1]!.rssMb,
      rssAtEndMb: samples[2]!.rssMb,
      peakMb: memoryOf(pid).peakMb,
    };
  } finally {
    await server.stop();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
export type NewsletterFigures = Awaited<ReturnType<typeof newsletterScenario>>;

export function newsletterTable(f: NewsletterFigures): string {
  return [
    `### Newsletter: one issue to ${f.subscribers.toLocaleString('en')} subscribers (embedded engine, NEWSLETTER_RATE ${f.rate})`,
    '',
    '| time | "send now" answered after | first message after | messages/s, first to last | messages/s overall | missing | repeats | RSS before | at 10 % | at 50 % | at the end | peak |',
    '| ---- | ------------------------- | ------------------- | ------------------------- | ------------------ | ------- | ------- | ---------- | ------- | ------- | ---------- | ---- |',
    `| ${f.seconds} s | ${f.answeredSeconds} s | ${f.firstMessageSeconds} s | ${f.sendingPerSecond} | ${f.messagesPerSecond} | ${f.missing} | ${f.repeats} | ${f.rssBeforeMb} MB | ${f.rssAtTenthMb} MB | ${f.rssAtHalfMb} MB | ${f.rssAtEndMb} MB | ${f.peakMb} MB |`,
  ].join('\n');
}
