import { staticPages } from '../../../db/schema/site';

/* The pages module's door for moving content in and out (see articles-transfer.ts). */

export const PAGE_TABLES = [staticPages] as const;
export { upsertStaticPage } from './pages-repository';
