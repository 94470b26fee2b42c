import { breakingNews } from '../../../db/schema/breaking';

/* The breaking module's door for the site archive (see articles-transfer.ts). */
export const BREAKING_TABLES = [breakingNews] as const;
