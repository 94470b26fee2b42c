import { resolve } from 'node:path';
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
      error: 'Expected 1 or 0 (or true/false)',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

/**
 * Every setting of the process, read once at boot (STYLE.md §10). A wrong value stops start-up
 * with a message naming each bad key; README.md's configuration table mirrors this schema.
 */
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'Expected a port number' })
    .int('Expected a whole port number')
    .min(0, 'Expected a port number from 0 to 65535')
    .max(65535, 'Expected a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'Expected an http(s) address such as https://patrika.example',
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'Expected a postgres:// or postgresql:// connection string')
    .optional(),
  JWT_SECRET: z.string().min(32, 'Expected at least 32 characters').optional(),
  SEED_DEMO: flag(true),
  MEDIA_STORAGE: z.enum(['fs', 'db'], { error: 'Expected fs or db' }).default('fs'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'Expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * Behind a reverse proxy: which proxies may tell us the client's address (X-Forwarded-For):
   * true (any), or addresses, CIDR ranges or proxy-addr names such as loopback, uniquelocal.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[\w.:/-]+(\s*,\s*[\w.:/-]+)*)$/,
      'Expected true, false, or proxy addresses such as 127.0.0.1,10.0.0.0/8 or loopback',
    )
    .optional()
    .transform((v): boolean | string =>
      v === undefined || v === 'false' ? false : v === 'true' ? true : v,
    ),
  /** Requests per minute one address may make to /api/ beyond the per-call limits; 0 = no ceiling. */
  API_RATE_LIMIT: z.coerce
    .number({ error: 'Expected a whole number of requests per minute' })
    .int('Expected a whole number of requests per minute')
    .min(0, 'Expected 0 (no ceiling) or more')
    .default(600),
  /** Lets /metrics answer other machines that send it as a bearer token (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, 'Expected at least 16 characters').optional(),
  /**
   * PostgreSQL only: how many worker processes serve the port (node:cluster); unset means one per
   * CPU. The embedded engine always runs one process.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'Expected a whole number of worker processes' })
    .int('Expected a whole number of worker processes')
    .min(1, 'Expected 1 or more worker processes')
    .max(256, 'Expected at most 256 worker processes')
    .optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedDemo: boolean;
  mediaStorage: 'fs' | 'db';
  logLevel: string;
  /** Fastify's trustProxy: false, true, or the trusted proxy addresses. */
  trustProxy: boolean | string;
  /** Requests per minute per address to /api/ outside the per-call limits; 0 = none. */
  apiRateLimit: number;
  /** Bearer token that opens /metrics to other addresses; loopback needs none. */
  metricsToken: string | undefined;
  /** Worker processes asked for (WEB_CONCURRENCY); undefined: one per CPU on PostgreSQL. */
  webConcurrency: number | undefined;
  dev: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: { key: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.key}: ${p.message}`).join('\n')}\n` +
        'See README.md ("Configuration") or .env.example.',
    );
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems = parsed.error.issues
      .map((issue) => ({ key: String(issue.path[0] ?? '(environment)'), message: issue.message }))
      .filter((p) => (seen.has(p.key) ? false : (seen.add(p.key), true)));
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    seedDemo: e.SEED_DEMO,
    mediaStorage: e.MEDIA_STORAGE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiRateLimit: e.API_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    webConcurrency: e.WEB_CONCURRENCY,
    dev: e.NODE_ENV === 'development',
  };
}
