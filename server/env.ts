/*
 * The settings of the process as the server uses them (Config), read once at boot from the
 * environment through server/env-schema.ts; a wrong value stops start-up naming each bad key.
 */
import { resolve } from 'node:path';
import type { PurgeTarget } from './caching/cdn-purge';
import { userInfoOf } from './caching/cdn-purge';
import { CheckedEnvSchema, type Env } from './env-schema';
import type { MailConfig } from './lib/mail';

/** Where purges go: CDN_PURGE_URL without its user info, which becomes Basic authorization. */
function purgeTarget(e: Env): PurgeTarget | undefined {
  if (!e.CDN_PURGE_URL) return undefined;
  const url = new URL(e.CDN_PURGE_URL);
  const basicAuth = userInfoOf(e.CDN_PURGE_URL);
  url.username = '';
  url.password = '';
  return {
    format: e.CDN_PURGE ?? 'json',
    url: basicAuth ? url.href : e.CDN_PURGE_URL,
    token: e.CDN_PURGE_TOKEN,
    ...(basicAuth ? { basicAuth } : {}),
  };
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the LISTEN connection goes (DATABASE_LISTEN_URL, else DATABASE_URL). */
  databaseListenUrl: string | undefined;
  /** Named prepared statements (false behind a pooler in transaction mode). */
  databasePrepared: boolean;
  /** Redis that relays co-editing between processes (REDIS_URL); none: one process serves. */
  redisUrl?: string;
  /** Streaming replicas anonymous reads may use (DATABASE_REPLICA_URL); empty: none. */
  databaseReplicaUrls: string[];
  /** How far behind (ms) a replica may be and still be read (REPLICA_MAX_LAG). */
  replicaMaxLagMs: number;
  jwtSecret: string | undefined;
  /** SECRETS_KEY: encrypts second-factor secrets at rest (server/lib/secret-box.ts). */
  secretsKey: string | undefined;
  seedDemo: boolean;
  /** With seedDemo: Jaipur's e-paper of the day from the fixture pages (SEED_DEMO_EPAPER). */
  seedDemoEpaper: boolean;
  mediaStorage: 'fs' | 'db' | 's3';
  /** The bucket and its service when mediaStorage is s3. */
  s3: S3Config | undefined;
  /** MEDIA_PUBLIC_URL without a trailing slash: pages link uploads there; unset, to /media/. */
  mediaPublicUrl: string | undefined;
  /** SITEMAP_MAX_URLS: addresses in one sitemap file (server/modules/seo/sitemaps.ts). */
  sitemapMaxUrls: number;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or the trusted proxy addresses. */
  trustProxy: boolean | string;
  /** Requests per minute per address to /api/ outside the per-call limits; 0 = none. */
  apiRateLimit: number;
  /** Bearer token that opens /metrics to other addresses; loopback needs none. */
  metricsToken: string | undefined;
  /** Worker processes asked for (WEB_CONCURRENCY); undefined: one per CPU on PostgreSQL. */
  webConcurrency: number | undefined;
  /** Where and how each change's purge goes to a front cache; undefined: none. */
  cdnPurge: PurgeTarget | undefined;
  /** Webhooks may post to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate: boolean;
  /** Single sign-on's issuer may be on loopback or a private address (OIDC_ALLOW_PRIVATE). */
  oidcAllowPrivate: boolean;
  /** How long a stopping process keeps serving once it says it is not ready. */
  shutdownDrainMs: number;
  /** Web push (server/modules/push). */
  push: PushConfig;
  /** E-mail (server/lib/mail.ts): no smtpUrl, nothing is sent. */
  /** NEWSLETTER_RATE: newsletter messages one process sends a second. */
  newsletterRate: number;
  /** EPAPER_OCR_WORKERS: e-paper pages one process reads by OCR at once. */
  epaperOcrWorkers: number;
  /** EPAPER_CLIP_SHARE, EPAPER_DOWNLOADS_PER_DAY: the paid e-paper's limits (issue 68). */
  epaperPaid: { clipShare: number; downloadsPerDay: number };
  mail: MailConfig;
  /** Payments (server/modules/payments): each provider set up with its keys, or undefined. */
  payments: PaymentsConfig;
  dev: boolean;
}

export interface PaymentsConfig {
  razorpay:
    | { keyId: string; keySecret: string; webhookSecret: string | undefined; apiUrl: string }
    | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string } | undefined;
}

export interface PushConfig {
  /** The operator's VAPID key pair; undefined: the one kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** A mailto: or https: contact for push services; undefined: derived from PUBLIC_URL. */
  vapidSubject: string | undefined;
  /** Endpoints on loopback and private addresses are taken. */
  allowPrivate: boolean;
  alertsPerMinute: number;
  /** NODE_EXTRA_CA_CERTS: a PEM file of more authorities to trust. */
  extraCaFile: string | undefined;
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

/** The payment providers configured (issue 39 item 4), each only with its keys. */
function paymentsOf(e: Env) {
  return {
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
        }
      : undefined,
  };
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
  const parsed = CheckedEnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const seen = new Set<string>();
    const problems = parsed.error.issues
      .map((issue) => ({ key: String(issue.path[0] ?? '(environment)'), message: issue.message }))
      .filter((p) => (seen.has(p.key) ? false : (seen.add(p.key), true)));
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    databasePrepared: e.DATABASE_PREPARED,
    redisUrl: e.REDIS_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URL ?? [],
    replicaMaxLagMs: e.REPLICA_MAX_LAG * 1000,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    seedDemo: e.SEED_DEMO,
    seedDemoEpaper: e.SEED_DEMO_EPAPER,
    mediaStorage: e.MEDIA_STORAGE,
    s3:
      e.MEDIA_STORAGE === 's3' && e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    sitemapMaxUrls: e.SITEMAP_MAX_URLS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiRateLimit: e.API_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    webConcurrency: e.WEB_CONCURRENCY,
    cdnPurge: purgeTarget(e),
    /** Webhooks may post to loopback and private addresses (issue 41 item 3). */
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    oidcAllowPrivate: e.OIDC_ALLOW_PRIVATE,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT,
      allowPrivate: e.PUSH_ALLOW_PRIVATE,
      alertsPerMinute: e.PUSH_ALERTS_PER_MINUTE,
      extraCaFile: e.NODE_EXTRA_CA_CERTS,
    },
    newsletterRate: e.NEWSLETTER_RATE,
    epaperOcrWorkers: e.EPAPER_OCR_WORKERS,
    epaperPaid: { clipShare: e.EPAPER_CLIP_SHARE, downloadsPerDay: e.EPAPER_DOWNLOADS_PER_DAY },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? { address: `no-reply@${new URL(publicUrl).hostname}` },
    },
    payments: paymentsOf(e),
    dev: e.NODE_ENV === 'development',
  };
}

/** How the site's database is opened, from its configuration (db/client.ts `openDatabase`). */
export const databaseOptions = (config: Config) => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  listenUrl: config.databaseListenUrl,
  prepared: config.databasePrepared,
  replicaUrls: config.databaseReplicaUrls,
  replicaMaxLagMs: config.replicaMaxLagMs,
});
