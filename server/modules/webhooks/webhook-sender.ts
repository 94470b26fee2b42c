import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { hostOf, isNotPublic, publicOnlyLookup } from '../../lib/public-address';

/** How long one attempt may take, connection to last byte. */
export const SEND_TIMEOUT_MS = 10_000;

/** What one attempt came to: the receiver's status, or why there was none. */
export interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Posts one webhook delivery, signed per the Standard Webhooks specification with the
 * `standardwebhooks` library (docs/decisions/053): `webhook-id` (the delivery's id, the same
 * every attempt, so a receiver drops repeats), `webhook-timestamp`, `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256). Without `allowPrivate`, a literal private address is refused
 * here and a name is resolved by `publicOnlyLookup` when connecting (DNS rebinding included);
 * redirects are never followed (a 3xx is a failed attempt), so none leads inside either.
 */
export function createWebhookSender(opts: { allowPrivate: boolean; userAgent: string }) {
  const lookup = opts.allowPrivate ? {} : { lookup: publicOnlyLookup };
  const agents = {
    http: new HttpAgent({ keepAlive: true, ...lookup }),
    https: new HttpsAgent({ keepAlive: true, ...lookup }),
  };
  return {
    send(
      delivery: { id: string; url: string; body: string; secret: string },
      now: Date,
    ): Promise<Attempt> {
      const url = new URL(delivery.url);
      const host = hostOf(url);
      if (!opts.allowPrivate && isIP(host) !== 0 && isNotPublic(host))
        return Promise.resolve({
          ok: false,
          status: null,
          error: `refused: ${host} is a private or local address`,
        });
      const headers = {
        'content-type': 'application/json',
        'user-agent': opts.userAgent,
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(delivery.secret).sign(delivery.id, now, delivery.body),
      };
      const https = url.protocol === 'https:';
      const send = https ? httpsRequest : httpRequest;
      return new Promise<Attempt>((resolve) => {
        const req = send(
          url,
          {
            method: 'POST',
            headers,
            agent: https ? agents.https : agents.http,
            timeout: SEND_TIMEOUT_MS,
          },
          (res) => {
            res.resume();
            const status = res.statusCode ?? 0;
            const ok = status >= 200 && status < 300;
            const error = ok
              ? null
              : status >= 300 && status < 400
                ? `redirect to ${String(res.headers.location ?? '?')} not followed`
                : `answered ${status}`;
            res.on('end', () => resolve({ ok, status, error }));
            res.on('error', () => resolve({ ok, status, error }));
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer in ${SEND_TIMEOUT_MS / 1000} s`)));
        req.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
        req.end(delivery.body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
