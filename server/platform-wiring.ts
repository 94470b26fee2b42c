/*
 * What others build on, wired (server/services.ts calls it): apps' keys, the v1 read API and
 * oEmbed, signed webhooks, the fediverse, payments, house ads and the results desk.
 */
import type { Config } from './env';
import type { ArticlesService } from './modules/articles/articles-service';
import { createAdsService } from './modules/ads/ads-service';
import type { AdEditions } from './modules/ads/ad-slots';
import { createElections } from './modules/elections/elections-wiring';
import { createFediverse } from './modules/fediverse/fediverse-wiring';
import { createKeysService } from './modules/keys/keys-service';
import { paymentsOf } from './modules/payments/payments-wiring';
import type { SettingsService } from './modules/settings/settings-service';
import type { UsersService } from './modules/users/users-service';
import { createOEmbed } from './modules/v1/oembed';
import { createV1Service, type V1Deps } from './modules/v1/v1-service';
import { createWebhooks } from './modules/webhooks/webhooks-wiring';
import type { Outbox } from './events/outbox';

/**
 * What others build on (issue 41): apps' keys, the v1 read API, signed webhooks; and payments
 * (issue 39 item 4).
 */
export function platformOf(
  config: Config,
  deps: Omit<Parameters<typeof createWebhooks>[1], 'v1'> & {
    articles: ArticlesService;
    outbox: Outbox;
  },
  more: {
    categories: V1Deps['categories'];
    settings: SettingsService;
    users: UsersService;
    editions: AdEditions;
  },
) {
  const { db, clock, articles, events } = deps;
  const { categories, settings, users } = more;
  const v1 = createV1Service({
    ...{ clock, articles, categories, settings, events },
    ...{ authors: users, publicUrl: config.publicUrl },
  });
  return {
    keys: createKeysService({ db, clock }),
    /** The counting-day results desk (issue 69). */
    elections: createElections({
      ...{ db, outbox: deps.outbox, events, jobs: deps.jobs, clock },
      language: async () => (await settings.get()).uiLanguage,
    }),
    /** House ads and their counts (issue 39 item 1). */
    ads: createAdsService({ db, clock, settings, editions: more.editions }),
    v1,
    oembed: createOEmbed({ publicUrl: config.publicUrl, articles, settings }),
    webhooks: createWebhooks(config, { ...deps, v1 }),
    payments: paymentsOf(config, {
      db,
      clock,
      outbox: deps.outbox,
      mail: deps.mail,
      log: deps.log,
    }),
    fediverse: createFediverse(config, {
      ...{ db, clock, jobs: deps.jobs, events, settings, authors: users, log: deps.log },
      stories: { article: (id) => v1.article(id).catch(() => undefined), articles: v1.articles },
    }),
  };
}
