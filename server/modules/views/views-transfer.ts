import { articleDailyViews } from '../../../db/schema/site';

/* The views module's door for the site archive (see articles-transfer.ts). */
export const VIEW_TABLES = [articleDailyViews] as const;
