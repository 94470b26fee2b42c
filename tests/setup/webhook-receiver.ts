import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery a receiver took, its signature checked with the `standardwebhooks` library. */
export interface Received {
  id: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
}

/**
 * A partner's webhook endpoint on this machine: a plain HTTP server that verifies every
 * delivery with the `standardwebhooks` npm library (as a receiver following the specification
 * would) and keeps what it got. `stop()` and `start()` take it down and bring it back on the
 * same port (a receiver down for a while).
 */
export async function startWebhookReceiver(secret = () => '') {
  const received: Received[] = [];
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let verified = false;
          try {
            new Webhook(secret()).verify(text, req.headers as Record<string, string>);
            verified = true;
          } catch {
            verified = false;
          }
          received.push({
            id: String(req.headers['webhook-id']),
            body: JSON.parse(text) as Received['body'],
            verified,
          });
          res.writeHead(verified ? 204 : 401).end();
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}/hook`;
    },
    start: listen,
    async stop() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
