import { adCreatives, adDailyCounts } from '../../../db/schema/ads';

/* The ads module's door for the site archive (server/modules/README.md): the house ads and their counts. */

/** Tables this module lets the archive copy, after the uploads they show. */
export const AD_TABLES = [adCreatives, adDailyCounts] as const;
