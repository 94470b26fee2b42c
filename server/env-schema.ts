/*
 * What the environment may hold (STYLE.md §10): every key with its type, default and the message
 * a wrong value gets, and the keys that must go together. server/env.ts reads the process's
 * environment through it into the Config the server uses.
 */
import { z } from 'zod';
import { base64UrlBytes } from '../common/schemas/push';
import { fastlyServiceUrl, PURGE_FORMATS, userInfoOf } from './caching/cdn-purge';
import { parseMailbox } from './lib/mailbox';

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
export const EnvSchema = z.object({
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
  /** Where LISTEN goes when DATABASE_URL is a pooler: PostgreSQL itself (issue 28 item 3). */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'Expected a postgres:// or postgresql:// connection string')
    .optional(),
  /** Redis for co-editing across processes (issue 43 item 1, docs/decisions/061). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'Expected a redis:// or rediss:// address')
    .optional(),
  /** 0 behind a pooler in transaction mode (PgBouncer 1.18): no named prepared statements. */
  DATABASE_PREPARED: flag(true),
  /** Streaming replicas for anonymous readers' reads (issue 28 item 2), comma-separated. */
  DATABASE_REPLICA_URL: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((u) => /^postgres(ql)?:\/\/\S+$/.test(u)),
      'Expected postgres:// connection strings, separated by commas',
    )
    .optional(),
  /** Seconds a replica may be behind the primary and still be read. */
  REPLICA_MAX_LAG: z.coerce
    .number({ error: 'Expected a number of seconds' })
    .positive('Expected more than 0 seconds')
    .max(3600, 'Expected at most 3600 seconds')
    .default(10),
  JWT_SECRET: z.string().min(32, 'Expected at least 32 characters').optional(),
  /** Encrypts second-factor secrets at rest (issue 40); unset on the embedded engine: a file. */
  SECRETS_KEY: z.string().min(32, 'Expected at least 32 characters').optional(),
  SEED_DEMO: flag(true),
  /** The demo's e-paper issue (README's demo): its pages rendered and read by OCR after start. */
  SEED_DEMO_EPAPER: flag(true),
  MEDIA_STORAGE: z.enum(['fs', 'db', 's3'], { error: 'Expected fs, db or s3' }).default('fs'),
  /* S3-compatible object storage (MEDIA_STORAGE=s3, DECISIONS.md §20); credentials come from
     the standard AWS variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE, …). */
  S3_BUCKET: z.string().min(3, 'Expected a bucket name').optional(),
  /** Another S3-compatible service (R2, MinIO, Ceph…): its address; unset, AWS itself. */
  S3_ENDPOINT: z.url({ error: 'Expected an http(s) address' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Address buckets as https://endpoint/bucket (most compatible services) instead of by name. */
  S3_FORCE_PATH_STYLE: flag(false),
  /** Where readers fetch media: the bucket's public address or its CDN's (issue 28 item 1). */
  MEDIA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'Expected an http(s) address' })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'Expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  /**
   * Behind a reverse proxy: which proxies may tell us the client's address (X-Forwarded-For),
   * the scheme it asked with (X-Forwarded-Proto: HSTS goes only with HTTPS answers) and the host
   * (X-Forwarded-Host): true (any), or addresses, CIDR ranges or proxy-addr names such as
   * loopback, uniquelocal. Unset, no X-Forwarded-* header is believed.
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
  /**
   * Addresses in one sitemap file before /sitemap.xml becomes an index (issue 71 item 4):
   * sitemaps.org's limit of 50,000, or fewer (a smaller file each).
   */
  SITEMAP_MAX_URLS: z.coerce
    .number({ error: 'Expected a whole number of addresses' })
    .int('Expected a whole number of addresses')
    .min(10, 'Expected at least 10')
    .max(50_000, 'Expected at most 50000 (the sitemaps.org limit)')
    .default(50_000),
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
  /**
   * Front-cache purges (server/caching/cdn-purge.ts): where each change's tags go, in which format,
   * with which credential. Setting CDN_PURGE_URL turns them on (format `json` unless named).
   */
  CDN_PURGE: z
    .enum(PURGE_FORMATS, { error: `Expected one of ${PURGE_FORMATS.join(', ')}` })
    .optional(),
  CDN_PURGE_URL: z
    .url({ protocol: /^https?$/, error: 'Expected an http(s) address to send purges to' })
    .optional(),
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  /**
   * Seconds a stopping process keeps serving after `/api/health/ready` turned 503, so a load
   * balancer sees it and stops sending before the process closes its port (issue 28 item 4).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'Expected a number of seconds' })
    .min(0, 'Expected 0 or more seconds')
    .max(60, 'Expected at most 60 seconds')
    .default(0),
  /**
   * Web push (issue 25 item 3): the VAPID key pair (base64url, as `npx web-push
   * generate-vapid-keys` prints it) and who the push services may contact. Unset, a pair is made
   * at first start and kept in the database.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .refine((v) => base64UrlBytes(v) === 65, 'Expected a P-256 public key: 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((v) => base64UrlBytes(v) === 32, 'Expected a P-256 private key: 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:\S+@\S+|https:\/\/\S+)$/,
      'Expected mailto:someone@example.org or an https: address',
    )
    .optional(),
  /** Push endpoints on loopback and private addresses are taken (tests, intranets). */
  PUSH_ALLOW_PRIVATE: flag(false),
  /** Webhooks (and the fediverse) may reach loopback and private addresses (tests, intranets). */
  WEBHOOKS_ALLOW_PRIVATE: flag(false),
  /** Single sign-on's issuer may be on loopback or a private address (an intranet's, tests'). */
  OIDC_ALLOW_PRIVATE: flag(false),
  /** Newsletter messages one sending process sends a second (issue 37 item 4). */
  NEWSLETTER_RATE: z.coerce
    .number({ error: 'Expected a whole number of messages a second' })
    .int('Expected a whole number of messages a second')
    .min(1, 'Expected 1 or more messages a second')
    .max(1000, 'Expected at most 1000 messages a second')
    .default(10),
  /** E-paper pages one process reads by OCR at once (issue 67 item 2): Tesseract, one core each. */
  EPAPER_OCR_WORKERS: z.coerce
    .number({ error: 'Expected a whole number of OCR runs' })
    .int('Expected a whole number of OCR runs')
    .min(1, 'Expected 1 or more OCR runs')
    .max(16, 'Expected at most 16 OCR runs')
    .default(1),
  /** The largest share of a page a clip cuts where the page is walled to its maker (issue 68 item 2). */
  EPAPER_CLIP_SHARE: z.coerce
    .number({ error: 'Expected a share of the page, such as 0.25' })
    .min(0.01, 'Expected at least 0.01 of the page')
    .max(1, 'Expected at most 1 (the whole page)')
    .default(0.25),
  /** Downloads of an issue's PDF one reader may make in 24 hours (issue 68 item 4). */
  EPAPER_DOWNLOADS_PER_DAY: z.coerce
    .number({ error: 'Expected a whole number of downloads a day' })
    .int('Expected a whole number of downloads a day')
    .min(1, 'Expected 1 or more downloads a day')
    .max(1000, 'Expected at most 1000 downloads a day')
    .default(5),
  /** Alerts the whole site may send in a minute, whoever sends them. */
  PUSH_ALERTS_PER_MINUTE: z.coerce
    .number({ error: 'Expected a whole number of alerts per minute' })
    .int('Expected a whole number of alerts per minute')
    .min(1, 'Expected 1 or more alerts per minute')
    .max(60, 'Expected at most 60 alerts per minute')
    .default(1),
  /**
   * Node's own: more certificate authorities to trust. Node reads it at start; the push sender,
   * which names its authorities itself (the system's too), reads it here as well.
   */
  NODE_EXTRA_CA_CERTS: z.string().min(1).optional(),
  /**
   * E-mail (issue 26 item 8): the SMTP server that sends invitations, password resets, review
   * mail and sign-in lock warnings, as smtp://user:pass@host:587 or smtps://…:465 (nodemailer's
   * URL form). Unset, nothing is sent and the screens show the link to copy.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'Expected smtp://user:password@host:port or smtps://…')
    .optional(),
  /**
   * Who mail comes from: an address, or `Name <address>` (server/lib/mailbox.ts); without a name
   * the site's name goes beside the address. Unset, no-reply@ PUBLIC_URL's host.
   */
  MAIL_FROM: z
    .string()
    .transform((value, ctx) => {
      const mailbox = parseMailbox(value);
      if (!mailbox)
        ctx.addIssue({
          code: 'custom',
          message:
            'Expected an e-mail address such as desk@patrika.example, or Patrika Desk <desk@patrika.example>',
        });
      return mailbox ?? z.NEVER;
    })
    .optional(),
  /**
   * Payments (issue 39 item 4, docs/decisions/057): Razorpay's API key pair and the secret its
   * webhooks are signed with; Stripe's secret key and its webhook endpoint's signing secret. A
   * provider without its keys is not offered. The API addresses point the SDKs elsewhere (the
   * tests' local server answering as the providers do).
   */
  RAZORPAY_KEY_ID: z.string().regex(/^\S+$/, 'Expected the key id, such as rzp_live_…').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: 'Expected an http(s) address' })
    .default('https://api.razorpay.com'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^\S+$/, 'Expected the secret key, such as sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'Expected an http(s) address' })
    .default('https://api.stripe.com'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type Env = z.infer<typeof EnvSchema>;

/** The settings that go together (purges, the VAPID key pair), checked once each key is valid. */
export const CheckedEnvSchema = EnvSchema.superRefine((e, ctx) => {
  const problem = (key: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [key], message });
  if (e.DATABASE_REPLICA_URL?.length && !e.DATABASE_URL)
    problem(
      'DATABASE_REPLICA_URL',
      'Expected DATABASE_URL too: replicas follow a PostgreSQL primary',
    );
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET)
    problem('S3_BUCKET', 'Expected the bucket that keeps media (MEDIA_STORAGE=s3)');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problem(
      e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'Expected both VAPID keys, or neither (then a pair is made and kept in the database)',
    );
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET))
    problem(
      e.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID',
      'Expected both Razorpay keys (the key id and its secret), or neither',
    );
  if (!e.CDN_PURGE_URL) {
    if (e.CDN_PURGE) problem('CDN_PURGE_URL', 'Expected the address to send purges to');
    return;
  }
  const format = e.CDN_PURGE ?? 'json';
  if ((format === 'cloudflare' || format === 'fastly') && !e.CDN_PURGE_TOKEN)
    problem('CDN_PURGE_TOKEN', `Expected the ${format} API token that may purge`);
  if (userInfoOf(e.CDN_PURGE_URL)) {
    if (format === 'cloudflare' || format === 'fastly')
      problem(
        'CDN_PURGE_URL',
        `Expected no user and password in the address: ${format} takes its API token from CDN_PURGE_TOKEN`,
      );
    else if (e.CDN_PURGE_TOKEN)
      problem(
        'CDN_PURGE_URL',
        'Expected a user and password in the address or CDN_PURGE_TOKEN, not both: each would be the Authorization header',
      );
  }
  if (format === 'fastly' && !fastlyServiceUrl(e.CDN_PURGE_URL))
    problem(
      'CDN_PURGE_URL',
      'Expected the service address, such as https://api.fastly.com/service/SERVICE_ID',
    );
  if (format === 'cloudflare' && !/\/zones\/[^/]+\/purge_cache\/?$/.test(e.CDN_PURGE_URL))
    problem(
      'CDN_PURGE_URL',
      'Expected https://api.cloudflare.com/client/v4/zones/ZONE_ID/purge_cache',
    );
});
