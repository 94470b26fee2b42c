/*
 * Analytics wired (issue 38, docs/decisions/051): the service with what the settings say (raw
 * events kept as many days, "Most read" over as many hours, the site's time zone), publishing
 * through the outbox and keeping its values with the page cache's. The composition root
 * (server/services.ts) calls this once, after the e-paper, whose clips its e-paper report
 * counts (issue 68 item 5, `clipCounts`).
 */
import type { SiteSettings } from '../../../common/settings';
import type { KeptValues } from '../../caching/kept-values';
import type { Config } from '../../env';
import type { Outbox } from '../../events/outbox';
import { createAnalyticsService } from './analytics-service';

/** What the settings give analytics; the rest comes from the changes and the config. */
type AnalyticsDeps = Omit<
  Parameters<typeof createAnalyticsService>[0],
  'siteHost' | 'retentionDays' | 'mostReadHours' | 'outbox' | 'kept' | 'timeZone'
>;

export function createAnalytics(
  config: Pick<Config, 'publicUrl'>,
  changes: { outbox: Outbox; keptValues: KeptValues },
  deps: AnalyticsDeps & {
    settings: { get(): Promise<Pick<SiteSettings, 'analytics' | 'timeZone'>> };
  },
) {
  const { settings, ...rest } = deps;
  const analytics = async () => (await settings.get()).analytics;
  const timeZone = async () => (await settings.get()).timeZone;
  return createAnalyticsService({
    ...rest,
    timeZone,
    outbox: changes.outbox,
    kept: changes.keptValues,
    siteHost: new URL(config.publicUrl).hostname,
    retentionDays: async () => (await analytics()).retentionDays,
    mostReadHours: async () => (await analytics()).mostReadHours,
  });
}
