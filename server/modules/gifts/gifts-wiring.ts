/* The gifts module wired (server/services.ts calls it once): its links' key, kept in app_secrets. */
import type { Config } from '../../env';
import { keptSecret } from '../../lib/tokens';
import { newGiftKey } from './gift-tokens';
import { createGiftsService, type GiftsDeps } from './gifts-service';

/** Gift links (issue 39 item 5): their tokens' key is kept in app_secrets. */
export async function giftsOf(
  config: Pick<Config, 'publicUrl'>,
  deps: Pick<GiftsDeps, 'db' | 'clock' | 'timeZone'>,
  memberships: Pick<GiftsDeps, 'accessClassOf'>,
) {
  return createGiftsService({
    ...deps,
    publicUrl: config.publicUrl,
    key: await keptSecret(deps.db, 'gift-links', newGiftKey),
    accessClassOf: (actor) => memberships.accessClassOf(actor),
  });
}
