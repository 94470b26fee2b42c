import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { unlimitedErrorResponses } from '../../lib/errors';
import { appliedMigrations } from './health-repository';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** Why a serving process is degraded (it still answers 200: nothing to restart). */
  reasons: z.array(z.string()).optional(),
});

const ProbeSchema = z.object({
  status: z.enum(['live', 'ready', 'not ready']),
  /** Why the process is not ready. */
  reasons: z.array(z.string()).optional(),
});

/** What a load balancer's readiness check needs to know besides the database. */
export interface Readiness {
  /** Reasons the process works around (change notifications unheard, say). */
  degradedReasons(): string[];
  /** Whether the process has begun to stop. */
  stopping(): boolean;
  /** How many migrations this version has. */
  migrations: number;
}

/** What /api/health says while the database does not answer. */
export const DATABASE_AWAY_REASON =
  'the database does not answer: kept pages are served, writes answer 503 until it is back';

/**
 * GET /api/health: 200 when the database answers, `degraded` (still 200, so a plain check does
 * not restart or take out a serving process) with its reasons when something is wrong that it
 * works around, the database being away included (issue 24: kept pages are still served, and a
 * restart would lose them). `/api/health/ready` is the check that says 503 then.
 */
export function healthRoutes(database: Database, readiness: Readiness) {
  const degradedReasons = readiness.degradedReasons;
  return async function (app: FastifyInstance) {
    await app.register(probeRoutes(database, readiness));
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          security: [],
          // Not rate limited (below), so never 429; a malformed Host is still refused.
          response: { 200: HealthSchema, ...unlimitedErrorResponses() },
        },
        // Monitors and load balancers ask often; the answer costs one SELECT 1.
        config: { rateLimit: false },
      },
      async (request, reply) => {
        try {
          await database.ping();
          const reasons = degradedReasons();
          if (reasons.length > 0)
            return { status: 'degraded' as const, database: database.engine, reasons };
          return { status: 'ok' as const, database: database.engine };
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable');
          return reply.status(200).send({
            status: 'degraded' as const,
            database: database.engine,
            reasons: [DATABASE_AWAY_REASON, ...degradedReasons()],
          });
        }
      },
    );
  };
}

/** Why the process should get no traffic now (none: ready). */
async function notReadyBecause(database: Database, readiness: Readiness): Promise<string[]> {
  if (readiness.stopping()) return ['shutting down'];
  try {
    await database.ping();
  } catch {
    return ['the database does not answer'];
  }
  const reasons: string[] = [];
  const applied = await appliedMigrations(database.db).catch(() => 0);
  if (applied < readiness.migrations)
    reasons.push(`the database has ${applied} of ${readiness.migrations} migrations`);
  return [...reasons, ...readiness.degradedReasons()];
}

/**
 * For a load balancer (issue 28 item 4): `/api/health/live` is 200 while the process runs;
 * `/api/health/ready` is 200 only while it should get traffic (database reachable, migrations
 * applied, change notifications heard, not stopping), else 503 with the reasons. During a
 * stop's drain, ready turns 503 first, so the balancer stops sending before the port closes.
 */
function probeRoutes(database: Database, readiness: Readiness) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const probe = { tags: ['health'], security: [] };
    app.get(
      '/api/health/live',
      {
        schema: {
          ...probe,
          summary: 'Liveness: 200 while the process runs',
          response: { 200: ProbeSchema, ...unlimitedErrorResponses() },
        },
        config: { rateLimit: false },
      },
      async () => ({ status: 'live' as const }),
    );
    app.get(
      '/api/health/ready',
      {
        schema: {
          ...probe,
          summary:
            'Readiness for traffic: 200, or 503 with the reasons (database, migrations, change notifications, shutting down)',
          response: { 200: ProbeSchema, 503: ProbeSchema, ...unlimitedErrorResponses() },
        },
        config: { rateLimit: false },
      },
      async (_request, reply) => {
        const reasons = await notReadyBecause(database, readiness);
        if (reasons.length === 0) return { status: 'ready' as const };
        return reply.status(503).send({ status: 'not ready' as const, reasons });
      },
    );
  };
}
