import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SERVER_SEGMENTS } from '../../common/paths';
import type { Database } from '../../db/client';
import type { ReplicaSet, ReplicaStatus } from '../../db/replicas';
import type { PurgeCounts } from '../caching/cdn-purger';
import type { MailCounts } from '../lib/mail';
import { forbidden, unauthorized } from '../lib/errors';
import { MEDIA_UPLOAD_PATH } from '../modules/media/media-routes';

export const METRICS_PATH = `/${SERVER_SEGMENTS.metrics}`;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts an answer in `patrika_http_requests_total` by method, route and status, and its
     * time in seconds (registerMetrics); the beacons' lean path counts its own here.
     */
    countAnswer(method: string, route: string, status: string, seconds: number): void;
  }
}

/** The label of requests no route matched: one value, whatever the address (bounded labels). */
const UNMATCHED = 'unmatched';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
const isLoopback = (ip: string) => /^(::ffff:)?127\./.test(ip) || ip === '::1';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal tokens, compared in constant time (both sides hashed to one length first). */
const sameToken = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));

/**
 * Who may read /metrics (DECISIONS.md §15): anyone on this machine, or whoever shows the
 * METRICS_TOKEN. Behind a proxy `request.ip` is the client's own address only when TRUST_PROXY
 * names the proxy; otherwise every proxied request would look local (README's nginx front
 * refuses /metrics itself as well).
 */
function checkAccess(request: FastifyRequest, token: string | undefined) {
  if (isLoopback(request.ip)) return;
  if (!token) throw forbidden('metrics.local_only');
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!given || !sameToken(given, token)) throw unauthorized('metrics.token_required');
}

/**
 * GET /metrics in Prometheus' text format: requests by route and status, their latency, the page
 * cache's hits and misses, the database pool, uploads, the scheduler's lag (how late each job
 * ran after its time), front-cache purges, and Node's own process metrics (docs/decisions/013).
 */
/** The values of `x-page-cache` (caching/page-cache.ts `CacheState`). */
const CACHE_STATES = new Set(['hit', 'stale', 'coalesced', 'miss', 'refresh']);

export function registerMetrics(
  app: FastifyInstance,
  deps: {
    database: Database;
    token: string | undefined;
    jobs?: { onRan(observe: (kind: string, lagSeconds: number) => void): void };
    /** Front-cache purges, when CDN_PURGE_URL is set (caching/cdn-purge.ts). */
    cdnPurge?: { counts(): PurgeCounts };
    /** Why the process serves but not as it should (what /api/health says as `degraded`). */
    degradedReasons?: () => string[];
    /** Mail sent and failed, by kind (lib/mail.ts). */
    mail?: { counts(): Record<string, MailCounts> };
  },
) {
  // One registry per app: tests build many apps in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'patrika_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'patrika_http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'patrika_page_cache_requests_total',
    help: 'Anonymous answers by how they came: kept and fresh (hit), kept and stale while it is refreshed (stale), after waiting for another reader’s render (coalesced), rendered for this reader (miss), or rendered off the readers’ path to refresh a stale one (refresh).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const uploads = new Counter({
    name: 'patrika_uploads_total',
    help: 'Image uploads (POST /api/media), by status code: 201 stored, anything else refused.',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'patrika_job_lag_seconds',
    help: 'How long after its time each job ran (a scheduled article going live), by kind. Polls are 2 s apart; DECISIONS.md §11 allows 15 s.',
    labelNames: ['kind'] as const,
    buckets: [0.5, 1, 2, 3, 5, 10, 15, 30, 60, 300],
    registers: [registry],
  });
  deps.jobs?.onRan((kind, lagSeconds) => lag.observe({ kind }, lagSeconds));
  const { database } = deps;
  new Gauge({
    name: 'patrika_db_pool_connections',
    help: 'PostgreSQL connection pool: open (total), idle, queries waiting, and the most allowed (max). Absent on the embedded engine, which has no pool.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse?.();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });

  countInFlight(app, registry);

  registerPartsMetrics(registry, deps);

  const countAnswer = answerCounter(requests, latency);
  // The beacons' lean path counts its answers here too (server/beacon-answer.ts).
  app.decorate('countAnswer', countAnswer);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = String(reply.statusCode);
    countAnswer(request.method, route, status, reply.elapsedTime / 1000);
    const cached = reply.getHeader('x-page-cache');
    if (typeof cached === 'string' && CACHE_STATES.has(cached)) pageCache.inc({ result: cached });
    if (route === MEDIA_UPLOAD_PATH && request.method === 'POST') uploads.inc({ status });
  });

  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      checkAccess(request, deps.token);
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}

/** Counts an answer and its time by method, route and status. */
function answerCounter(
  requests: Counter<'method' | 'route' | 'status'>,
  latency: Histogram<'method' | 'route'>,
) {
  return (method: string, route: string, status: string, seconds: number) => {
    requests.inc({ method, route, status });
    latency.observe({ method, route }, seconds);
  };
}

/** The metrics of the parts a process may have: replicas, purges, degradation, mail. */
function registerPartsMetrics(registry: Registry, deps: Parameters<typeof registerMetrics>[1]) {
  if (deps.database.replicas) registerReplicaMetrics(registry, deps.database.replicas);
  if (deps.cdnPurge) registerPurgeMetrics(registry, deps.cdnPurge);
  if (deps.degradedReasons) registerDegradedGauge(registry, deps.degradedReasons);
  if (deps.mail) registerMailMetrics(registry, deps.mail);
}

/** Streaming replicas (db/replicas.ts), read when Prometheus asks. */
function registerReplicaMetrics(registry: Registry, replicas: ReplicaSet) {
  const gauge = (name: string, help: string, value: (r: ReplicaStatus) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        for (const r of replicas.status()) {
          const v = value(r);
          if (v !== undefined) this.set({ replica: r.name }, v);
        }
      },
    });
  gauge(
    'patrika_replica_usable',
    'Whether anonymous reads go to this replica now: 1, or 0 while it is unreachable, further behind than REPLICA_MAX_LAG, or has not replayed the last change heard.',
    (r) => (r.usable ? 1 : 0),
  );
  gauge(
    'patrika_replica_lag_seconds',
    'How long ago the primary was where this replica has replayed to; absent while unreachable.',
    (r) => r.lagSeconds,
  );
  new Counter({
    name: 'patrika_replica_statements_total',
    help: 'Statements this process ran on a replica (read), and those that ran again on the primary because the replica went away (fallback).',
    labelNames: ['replica', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of replicas.status()) {
        this.inc({ replica: r.name, result: 'read' }, r.reads);
        this.inc({ replica: r.name, result: 'fallback' }, r.fallbacks);
      }
    },
  });
}

/** How many things the process works around, read when Prometheus asks. */
function registerDegradedGauge(registry: Registry, degradedReasons: () => string[]) {
  new Gauge({
    name: 'patrika_degraded',
    help: 'How many things this process works around (change notifications unheard, notices unsent): 0 when all is well; /api/health names them (issue 24).',
    registers: [registry],
    collect() {
      this.set(degradedReasons().length);
    },
  });
}

/** Front-cache purges (caching/cdn-purge.ts): the purger counts for itself; these read its totals. */
function registerPurgeMetrics(registry: Registry, purges: { counts(): PurgeCounts }) {
  new Counter({
    name: 'patrika_cdn_purge_requests_total',
    help: 'Purge requests to the front cache (CDN_PURGE_URL): accepted with a 2xx (sent), or not answered, timed out or refused (failed; the batch is tried again).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const counts = purges.counts();
      this.reset();
      this.inc({ result: 'sent' }, counts.sent);
      this.inc({ result: 'failed' }, counts.failed);
    },
  });
  new Counter({
    name: 'patrika_cdn_purge_retries_total',
    help: 'Batches of purges sent again after a failure (capped exponential backoff).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(purges.counts().retried);
    },
  });
  new Counter({
    name: 'patrika_cdn_purge_overflows_total',
    help: 'Times the purges waiting grew past their bound and became one purge of everything.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(purges.counts().overflowed);
    },
  });
  new Gauge({
    name: 'patrika_cdn_purge_queue',
    help: 'Tags and addresses waiting to be purged from the front cache.',
    registers: [registry],
    collect() {
      this.set(purges.counts().queued);
    },
  });
}

/** E-mail (lib/mail.ts): the mailer counts for itself; this reads its totals. */
function registerMailMetrics(registry: Registry, mail: { counts(): Record<string, MailCounts> }) {
  new Counter({
    name: 'patrika_mail_total',
    help: 'Mail handed to the SMTP server (sent) or not taken by it (failed; logged, not retried), by kind: invitation, password-reset, sign-in-paused, review-mail-*.',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, c] of Object.entries(mail.counts())) {
        this.inc({ kind, result: 'sent' }, c.sent);
        this.inc({ kind, result: 'failed' }, c.failed);
      }
    },
  });
}

/**
 * `patrika_http_requests_in_flight`: requests this process has begun and not yet answered (what a
 * graceful stop waits for). Counted from onRequest to the answer, or to the client's abort.
 */
function countInFlight(app: FastifyInstance, registry: Registry) {
  const inFlight = new Gauge({
    name: 'patrika_http_requests_in_flight',
    help: 'Requests this process has begun and not yet answered (a graceful stop waits for them).',
    registers: [registry],
  });
  /** Requests counted in flight, so an answer and an abort never both count one down. */
  const begun = new WeakSet<object>();
  const ended = async (request: object) => {
    if (begun.delete(request)) inFlight.dec();
  };
  app.addHook('onRequest', async (request) => {
    begun.add(request);
    inFlight.inc();
  });
  app.addHook('onResponse', ended);
  app.addHook('onRequestAbort', ended);
}
