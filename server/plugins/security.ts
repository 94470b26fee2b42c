import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { tokenOf } from './auth';

type WithNonce = ServerResponse & { cspNonce?: string };

/** The per-response nonce React Router's inline scripts carry (entry.server.tsx). */
export const cspNonceOf = (raw: ServerResponse) => (raw as WithNonce).cspNonce;

/**
 * Security headers with a real Content-Security-Policy: scripts only from us or with this
 * response's nonce; frames only from the map and video hosts we embed. Development (Vite's
 * client injects inline scripts) goes without a CSP.
 */
export async function registerSecurity(app: FastifyInstance, options: { dev: boolean }) {
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as WithNonce).cspNonce = randomBytes(16).toString('base64');
  });
  await app.register(helmet, {
    contentSecurityPolicy: options.dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as WithNonce).cspNonce ?? ''}'`],
            // React and Bootstrap set style attributes; styles cannot run code.
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'"],
            frameSrc: [
              'https://www.google.com',
              'https://maps.google.com',
              'https://www.openstreetmap.org',
              'https://www.youtube-nocookie.com',
              'https://www.youtube.com',
              'https://player.vimeo.com',
            ],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'self'"],
          },
        },
    // Cross-origin isolation would block the embedded map and videos.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // What a signed-in user sees (their name, drafts, the admin) must stay out of every cache,
    // shared or the browser's own; hashed assets and media are the same for everyone.
    if (tokenOf(request) && !SHARED_FILES.test(request.url))
      reply.header('cache-control', 'no-store');
  });
}

/**
 * Browser features no page of ours uses; the video players keep fullscreen, autoplay and
 * picture-in-picture (not listed, so they stay as the iframe's `allow` says).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), browsing-topics=()';

const SHARED_FILES = /^\/(?:assets|media)\//;
