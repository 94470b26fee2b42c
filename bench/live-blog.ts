/*
 * The live-blog scenario of `npm run bench` (issue 25 item 1, docs/decisions/031): one live blog
 * on a fresh embedded site, BENCH_CONNECTIONS connections polling its JSON as open pages do
 * (with the ETag they last got, so most answers are 304), while two writers post an update
 * each a second between them. Printed: polls a second and their p50/p99, how many were 304,
 * an update's POST p50/p99, and from a POST's answer to the first JSON that carries it (what
 * a reader's next poll sees at the earliest: the poll interval comes on top).
 *
 * Settings: BENCH_LIVE_SECONDS (20), and run.ts's BENCH_CONNECTIONS.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from '../tests/setup/spawn-server';
import { percentile } from './profile';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);
/** Updates a second, between the two writers. */
const POSTS_PER_SECOND = 1;

interface Json {
  status: number;
  body: unknown;
  etag: string | null;
  ms: number;
}

/** The answer's body when its status is `status`, else an error naming what failed. */
async function must<T>(what: string, status: number, answer: Promise<Json>): Promise<T> {
  const got = await answer;
  if (got.status !== status)
    throw new Error(`bench: ${what} answered ${got.status}: ${JSON.stringify(got.body)}`);
  return got.body as T;
}

async function call(url: string, init: RequestInit = {}): Promise<Json> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    etag: res.headers.get('etag'),
    ms: performance.now() - started,
  };
}

/** Two writers (the first account is the administrator), a category and a live blog. */
async function setUp(base: string) {
  const json = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const account = (n: number) => ({
    name: `Live desk ${n}`,
    email: `live-desk-${n}@bench.invalid`,
    password: 'live-blog-bench-password',
  });
  type Signed = { token: string; _id: string };
  const admin = await must<Signed>(
    'sign-up',
    201,
    call(`${base}/api/users/signup`, json(account(1))),
  );
  const second = await must<Signed>(
    'sign-up',
    201,
    call(`${base}/api/users/signup`, json(account(2))),
  );
  await must(
    'role change',
    200,
    call(`${base}/api/users/${second._id}/role`, {
      ...json({ role: 'editor' }, admin.token),
      method: 'PUT',
    }),
  );
  const category = await must<{ _id: string }>(
    'category',
    201,
    call(
      `${base}/api/categories/addCategory`,
      json({ name: 'Results', description: 'Results night.', isHome: true }, admin.token),
    ),
  );
  const blog = await must<{ _id: string }>(
    'live blog',
    201,
    call(
      `${base}/api/articles/article`,
      json(
        {
          name: 'Counting day live',
          category: category._id,
          imageUrl: 'https://images.example.com/counting.jpg',
          description: '<p>Every trend as it comes in.</p>',
          liveBlog: true,
        },
        admin.token,
      ),
    ),
  );
  return { tokens: [admin.token, second.token], blogId: blog._id };
}

/** The writers' posts for `seconds`: each POST's time and how long until the JSON carried it. */
async function write(base: string, blogId: string, tokens: string[], seconds: number) {
  const posts: number[] = [];
  const visible: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let n = 0; performance.now() < until; n++) {
    const token = tokens[n % tokens.length]!;
    const answer = await call(`${base}/api/articles/${blogId}/live`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ body: `<p>Trend ${n}: seat ${(n * 37) % 543} declared.</p>` }),
    });
    if (answer.status !== 201) throw new Error(`an update was refused: ${answer.status}`);
    posts.push(answer.ms);
    const id = (answer.body as { _id: string })._id;
    const answeredAt = performance.now();
    for (;;) {
      const feed = await call(`${base}/api/articles/${blogId}/live`);
      if ((feed.body as { entries: { _id: string }[] }).entries.some((e) => e._id === id)) break;
    }
    visible.push(performance.now() - answeredAt);
    const wait = answeredAt + 1000 / POSTS_PER_SECOND - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { posts, visible };
}

/** Readers polling with the ETag they last got, beside the writers. */
export async function liveBlogScenario(connections: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'patrika-bench-live-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      API_RATE_LIMIT: '0',
      PORT: String(await freePort()),
    },
    { timeoutMs: 180_000 },
  );
  try {
    const base = server.url;
    const { tokens, blogId } = await setUp(base);
    const path = `/api/articles/${blogId}/live`;
    let etag = (await call(`${base}${path}`)).etag ?? '';
    let reading = true;
    // What an open page holds: the newest ETag, as its last poll got it.
    const follow = (async () => {
      while (reading) {
        etag = (await call(`${base}${path}`).catch(() => undefined))?.etag ?? etag;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const polls = autocannon({
      url: base,
      connections,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path,
            headers: { ...req.headers, 'if-none-match': etag },
          }),
        },
      ],
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const [result, written] = await Promise.all([
      polls,
      write(base, blogId, tokens, SECONDS).finally(() => (reading = false)),
    ]);
    await follow;
    const counts = Object.entries(result.statusCodeStats ?? {}).map(
      ([status, c]) => [Number(status), c.count ?? 0] as const,
    );
    const total = counts.reduce((s, [, n]) => s + n, 0);
    const notModified = counts.find(([status]) => status === 304)?.[1] ?? 0;
    return {
      seconds: SECONDS,
      connections,
      pollsPerSecond: Math.round(result.requests.average),
      pollP50ms: result.latency.p50,
      pollP99ms: result.latency.p99,
      notModifiedShare: total ? Number((notModified / total).toFixed(3)) : 0,
      errors: result.errors + result.timeouts,
      posts: written.posts.length,
      postP50ms: Math.round(percentile(written.posts, 0.5)),
      postP99ms: Math.round(percentile(written.posts, 0.99)),
      visibleP50ms: Math.round(percentile(written.visible, 0.5)),
      visibleMaxms: Math.round(Math.max(...written.visible)),
    };
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
export type LiveBlogResult = Awaited<ReturnType<typeof liveBlogScenario>>;

export function liveBlogTable(r: LiveBlogResult): string {
  return [
    `Live blog: ${r.connections} connections polling one blog's JSON with their last ETag for ${r.seconds} s, two writers posting ${POSTS_PER_SECOND} update a second (embedded PGlite).`,
    '',
    '| polls/s | poll p50 / p99 ms | 304 share | updates | POST p50 / p99 ms | POST answered → in the JSON p50 / max ms |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${r.pollsPerSecond} | ${r.pollP50ms} / ${r.pollP99ms} | ${r.notModifiedShare} | ${r.posts} | ${r.postP50ms} / ${r.postP99ms} | ${r.visibleP50ms} / ${r.visibleMaxms} |`,
  ].join('\n');
}
