import { liveEntries } from '../../../db/schema/live';

/* The live module's door for the site archive (see articles-transfer.ts). */
export const LIVE_TABLES = [liveEntries] as const;
