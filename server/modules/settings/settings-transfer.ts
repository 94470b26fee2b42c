import { siteSettings } from '../../../db/schema/site';

/* The settings module's door for the site archive (see articles-transfer.ts). */
export const SETTINGS_TABLES = [siteSettings] as const;
