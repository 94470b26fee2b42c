import { Agent } from 'node:https';
import webpush from 'web-push';
import { isIP } from 'node:net';
import { hostOf, isNotPublic, publicOnlyLookup } from '../../lib/public-address';
import type { InfoLog } from '../../lib/log';

/*
 * One message to one browser's push service (RFC 8030), encrypted to the browser's keys as
 * RFC 8291 `aes128gcm` and signed with our VAPID key (RFC 8292), by the `web-push` package.
 * Its HTTPS goes through one agent of ours: it trusts the authorities we name (the system's,
 * Node's and NODE_EXTRA_CA_CERTS, server/lib/trusted-cas.ts) and, unless private addresses are
 * allowed, refuses to connect to a name that resolves inside the network at connection time.
 */

/** How long a news alert is worth delivering to a browser that is offline (RFC 8030 §5.2). */
export const PUSH_TTL_SECONDS = 6 * 3600;
/** How long one push service may take to answer before it counts as failed. */
export const PUSH_SEND_TIMEOUT_MS = 4_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What became of one message: taken, gone for good (404/410: forget it), or failed. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

export interface Subscriber {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function createPushSender(opts: {
  vapid: VapidKeys;
  subject: string;
  /** Every authority to trust (PEM), asked for at the first send (the system's store is read then). */
  ca: () => string[];
  allowPrivate: boolean;
  log?: InfoLog;
}) {
  // Made at the first send: reading the system's authorities cost every process 30 ms at start,
  // most of which never send a notification.
  let agent: Agent | undefined;
  const agentNow = () =>
    (agent ??= new Agent({
      ca: opts.ca(),
      keepAlive: true,
      maxSockets: 64,
      ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    }));
  const options = {
    vapidDetails: { subject: opts.subject, ...opts.vapid },
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high' as const,
    contentEncoding: 'aes128gcm' as const,
    timeout: PUSH_SEND_TIMEOUT_MS,
  };
  /** A literal IP host never meets the agent's lookup: judged here. */
  const refused = (endpoint: string) => {
    const host = hostOf(new URL(endpoint));
    return !opts.allowPrivate && isIP(host) !== 0 && isNotPublic(host);
  };
  return {
    async send(to: Subscriber, payload: string): Promise<SendOutcome> {
      if (refused(to.endpoint)) return 'failed';
      try {
        await webpush.sendNotification(
          { endpoint: to.endpoint, keys: { p256dh: to.p256dh, auth: to.auth } },
          payload,
          { ...options, agent: agentNow() },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        opts.log?.info(
          { endpoint: new URL(to.endpoint).origin, status, err: (error as Error).message },
          'a push service did not take an alert',
        );
        return 'failed';
      }
    },
    close: () => agent?.destroy(),
  };
}
export type PushSender = ReturnType<typeof createPushSender>;

/** A new VAPID key pair (base64url), for a site that was given none. */
export const generateVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();
