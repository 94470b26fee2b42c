/*
 * The push module wired (server/news-desk-wiring.ts calls it once): the VAPID keys (the operator's,
 * else kept in the database), the sender and the service.
 */
import type { Config } from '../../env';
import { trustedAuthorities } from '../../lib/trusted-cas';
import { createPushSender } from './push-sender';
import { createPushService, loadVapidKeys, vapidSubjectFor, type PushDeps } from './push-service';
import type { Log } from '../../lib/log';

/**
 * Web push alerts: the VAPID keys (the operator's, else kept in the database) and the sender,
 * whose HTTPS trusts the system's authorities and NODE_EXTRA_CA_CERTS (server/lib/trusted-cas.ts).
 */
export async function createPush(
  config: Pick<Config, 'publicUrl' | 'push'>,
  deps: Pick<PushDeps, 'db' | 'clock' | 'articles' | 'jobs' | 'viewsBrought' | 'editions'> & {
    /** The sender's progress, and an authorities file that cannot be read. */
    log: Log | undefined;
  },
) {
  const { log, ...rest } = deps;
  const vapid = await loadVapidKeys(deps.db, config.push.vapidKeys);
  const sender = createPushSender({
    vapid,
    subject: vapidSubjectFor(config.publicUrl, config.push.vapidSubject),
    ca: () => trustedAuthorities(config.push.extraCaFile, (message) => log?.error({}, message)),
    allowPrivate: config.push.allowPrivate,
    log,
  });
  return createPushService({
    ...rest,
    publicUrl: config.publicUrl,
    vapidPublicKey: vapid.publicKey,
    allowPrivate: config.push.allowPrivate,
    sender,
  });
}
