import { analyticsEpaperDays, analyticsRollups } from '../../../db/schema/analytics';

/*
 * The analytics module's door for the site archive (server/modules/README.md): the hourly and
 * daily rollups the reports read (the stories', and the e-paper's days). The raw events (kept a few days, then rolled up) and the
 * day's salt stay out: a moved site starts counting afresh from its rollups.
 */

/** Tables this module lets the archive copy, after the stories they count. */
export const ANALYTICS_TABLES = [analyticsRollups, analyticsEpaperDays] as const;
