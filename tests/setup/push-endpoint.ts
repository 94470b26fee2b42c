import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from './test-certificate';

/*
 * A browser's push service, as far as a test needs one: a local HTTPS server (its self-signed
 * certificate in a PEM file the app is told to trust through NODE_EXTRA_CA_CERTS) that takes
 * RFC 8030 messages for made-up subscribers and decrypts each body as their browser would
 * (RFC 8291 `aes128gcm`, RFC 8188 records), with node:crypto only: ECDH on P-256, HKDF-SHA-256
 * and AES-128-GCM. It checks the VAPID signature (RFC 8292) too. web-push is never used here.
 */

/** One message a subscriber's push service took. */
export interface Delivered {
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID public key the message was signed with (`k=`), when its signature held. */
  vapidKey: string | undefined;
  /** The VAPID JWT's claims, when its signature held. */
  vapidClaims: { aud?: string; sub?: string; exp?: number } | undefined;
}

/** A made-up browser: its subscription as `PushSubscription.toJSON()` gives it, and its mail. */
export interface TestSubscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What its push service answers (201, or 404/410 for a subscription that is gone). */
  answer: number;
  delivered: Delivered[];
  /** Messages that came but could not be decrypted or verified, with why. */
  broken: string[];
}

/** RFC 8188 §2: decrypts an `aes128gcm` body with the browser's keys (RFC 8291 §3.4). */
export function decryptAes128gcm(
  body: Buffer,
  browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += recordSize) {
    const record = records.subarray(at, at + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's low end (RFC 8188 §2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // Padding: a delimiter (2 on the last record, 1 before) and zeros after the content.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = at + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`record ${seq} has no padding delimiter`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** The VAPID header's key and claims when its ES256 signature holds (RFC 8292 §2, §3). */
function checkVapid(authorization: string | undefined) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m?.[1] || !m[2]) throw new Error(`no VAPID authorization: ${authorization}`);
  const [head, claims, signature] = m[1].split('.') as [string, string, string];
  const point = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const holds = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!holds) throw new Error('the VAPID signature does not hold');
  return {
    vapidKey: m[2],
    vapidClaims: JSON.parse(
      Buffer.from(claims, 'base64url').toString(),
    ) as Delivered['vapidClaims'],
  };
}

export interface PushEndpoint {
  /** https://127.0.0.1:port */
  origin: string;
  /** A PEM file with the server's certificate, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** A new browser subscribed at this push service, with `host` in its endpoint. */
  subscriber(opts?: { answer?: number; host?: string }): TestSubscriber;
  close(): Promise<void>;
}

/** Starts the push service on a free port of 127.0.0.1. */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const { cert, key } = selfSignedCertificate();
  const dir = mkdtempSync(join(tmpdir(), 'patrika-push-'));
  const caFile = join(dir, 'push-ca.pem');
  writeFileSync(caFile, cert);
  const browsers = new Map<
    string,
    TestSubscriber & { secrets: { privateKey: Buffer; publicKey: Buffer; auth: Buffer } }
  >();

  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const browser = browsers.get(req.url ?? '');
      if (req.method !== 'POST' || !browser) {
        res.writeHead(404).end();
        return;
      }
      if (browser.answer < 300) {
        try {
          const plain = decryptAes128gcm(Buffer.concat(chunks), browser.secrets);
          browser.delivered.push({
            payload: JSON.parse(plain.toString('utf8')),
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            contentEncoding: req.headers['content-encoding'],
            ...checkVapid(req.headers.authorization),
          });
        } catch (error) {
          browser.broken.push(String(error));
          res.writeHead(400).end();
          return;
        }
      }
      res.writeHead(browser.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    caFile,
    subscriber({ answer = 201, host = '127.0.0.1' } = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomUUID()}`;
      const browser = {
        endpoint: `https://${host}:${port}${path}`,
        keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        answer,
        delivered: [],
        broken: [],
        secrets: { privateKey: ecdh.getPrivateKey(), publicKey, auth },
      };
      browsers.set(path, browser);
      return browser;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
