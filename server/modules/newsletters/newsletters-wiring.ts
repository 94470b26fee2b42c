/* The newsletters module wired (server/services.ts calls it once): its links' key and its rate. */
import type { Config } from '../../env';
import { keptSecret } from '../../lib/tokens';
import { LINK_KEY, newLinkKey } from './newsletter-links';
import { createNewslettersService } from './newsletters-service';

/** Newsletters (issue 37): their preferences links' key is kept in app_secrets. */
export async function createNewsletters(
  config: Pick<Config, 'newsletterRate' | 'mediaPublicUrl'>,
  deps: Pick<
    Parameters<typeof createNewslettersService>[0],
    | 'db'
    | 'clock'
    | 'jobs'
    | 'mail'
    | 'articles'
    | 'consents'
    | 'outbox'
    | 'events'
    | 'viewsBrought'
    | 'rateLimits'
    | 'editions'
  >,
) {
  return createNewslettersService({
    ...deps,
    rate: config.newsletterRate,
    linkKey: await keptSecret(deps.db, LINK_KEY, newLinkKey),
    mediaBase: config.mediaPublicUrl,
  });
}
