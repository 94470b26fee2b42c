import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { isCacheable } from '../caching/http-caching';
import { isBeacon } from '../lib/beacon-body';
import { tokenOf } from './auth';

type WithNonce = ServerResponse & { cspNonce?: string };

/**
 * This response's CSP nonce, made when first asked for: only a page that runs inline scripts
 * (an app page: React Router's hydration data) asks, and only then does its policy name one
 * (docs/decisions/025). Reading pages never ask, so their policy is the same for everyone and
 * a cached copy is safe to share.
 */
export const cspNonceOf = (raw: ServerResponse) =>
  ((raw as WithNonce).cspNonce ??= randomBytes(16).toString('base64'));

/** Whether this response's render asked for a nonce (its page runs inline scripts). */
export const usesCspNonce = (raw: ServerResponse) => (raw as WithNonce).cspNonce !== undefined;

/**
 * The Content-Security-Policy: scripts only from us (and, on a page that asked for one, with
 * this response's nonce); frames only from the map and video hosts we embed.
 */
const DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // React and Bootstrap set style attributes; styles cannot run code.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: https:"],
  ['font-src', "'self' data:"],
  // The footer map's host too: its "Show map" button tries the host (an opaque, unread answer)
  // before it makes the frame, so an unreachable host shows no broken frame (issue 45 item 5).
  ['connect-src', "'self' https://www.google.com"],
  [
    'frame-src',
    [
      'https://www.google.com',
      'https://maps.google.com',
      'https://www.openstreetmap.org',
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
    ].join(' '),
  ],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'self'"],
];

/** Sources added to some directives (an ad provider's hosts): directive → sources. */
export type ExtraSources = Partial<Record<string, readonly string[]>>;

/** The policy text, with `nonce` in script-src when given, and any `extra` sources. */
export function contentSecurityPolicy(nonce?: string, extra: ExtraSources = {}): string {
  return DIRECTIVES.map(([name, value]) => {
    const more = extra[name]?.length ? ` ${extra[name].join(' ')}` : '';
    return name === 'script-src' && nonce
      ? `${name} ${value}${more} 'nonce-${nonce}'`
      : `${name} ${value}${more}`;
  }).join(';');
}

/** The same policy for every response that asked for no nonce, built once. */
const SHARED_POLICY = contentSecurityPolicy();

/**
 * Security headers with a real Content-Security-Policy (above). Development (Vite's client
 * injects inline scripts) goes without a CSP.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: {
    dev: boolean;
    /**
     * Sources the site's settings add (an ad provider's hosts when one is chosen, issue 39
     * item 1): asked for each answer, so kept in memory; none for most sites.
     */
    extraSources?: (request: FastifyRequest) => Promise<ExtraSources | undefined>;
  },
) {
  await app.register(helmet, {
    // Set below, once the response knows whether it needs a nonce.
    contentSecurityPolicy: false,
    // Cross-origin isolation would block the embedded map and videos.
    crossOriginEmbedderPolicy: false,
    // Sent below, over HTTPS only.
    strictTransportSecurity: false,
    // The browsers' own default (issue 70 item 3): a link from one of our pages to another
    // carries its address, so the reader script classes the story's reader `internal`; another
    // site is told our origin only, never the page (helmet's `no-referrer` hid every internal
    // referrer and made them direct).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (!options.dev)
    app.addHook('onSend', async (request, reply) => {
      // A beacon's bodiless 204 is no document (server/lib/beacon-body.ts).
      if (isBeacon(request)) return;
      const nonce = (reply.raw as WithNonce).cspNonce;
      const extra = await options.extraSources?.(request);
      reply.header(
        'content-security-policy',
        nonce || extra ? contentSecurityPolicy(nonce, extra) : SHARED_POLICY,
      );
    });
  app.addHook('onSend', async (request, reply) => {
    if (isBeacon(request)) return;
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // A browser ignores HSTS over plain HTTP (RFC 6797 §7.2 says not to send it there): it is
    // for answers that came over HTTPS, to us or, with TRUST_PROXY, to the proxy in front
    // (X-Forwarded-Proto).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // What a signed-in user sees (their name, drafts, the admin) must stay out of every cache,
    // shared or the browser's own; hashed assets and media are the same for everyone.
    // A reader's session on a shared page gets the shared bytes, which any cache may keep;
    // their API answers are theirs.
    const sharedPage = isCacheable(request) && !request.url.startsWith('/api/');
    if (tokenOf(request) && !sharedPage && !SHARED_FILES.test(request.url))
      reply.header('cache-control', 'no-store');
  });
}

/** A year, subdomains included (helmet's default, which this replaces). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Browser features no page of ours uses, and geolocation for this site's own pages only (the
 * city picker's "near me", issue 65 item 4, answered in the browser; embeds never get it); the video players keep fullscreen, autoplay and
 * picture-in-picture (not listed, so they stay as the iframe's `allow` says). Only features
 * Chromium knows: it logs every other one on every page ("Unrecognized feature"), as it did
 * for `bluetooth` (tests/e2e/security-headers.spec.ts).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=(), browsing-topics=()';

const SHARED_FILES = /^\/(?:assets|media)\//;
