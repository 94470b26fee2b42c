import { importRecords } from '../../../db/schema/imports';

/* The imports module's door for the site archive (see articles-transfer.ts). */
export const IMPORT_TABLES = [importRecords] as const;
