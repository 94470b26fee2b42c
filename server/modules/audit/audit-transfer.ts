import type { PgTable } from 'drizzle-orm/pg-core';
import { auditEntries } from '../../../db/schema/audit';
import type { RowShape } from '../../lib/table-copy';

/* The audit module's door for the site archive (server/modules/README.md): the trail, whole. */

/** Tables this module lets the archive copy, after the people it names. */
export const AUDIT_TABLES = [auditEntries] as const;

/**
 * An entry read back without the id of the event it came from. That id is the old site's (its
 * events stay behind); the new site's events are numbered from 1 again, and the trail skips an
 * event whose id an entry already names (heard twice), so an old id kept would silently drop
 * the new site's entry for the event that takes that number.
 */
const withoutOldEvent: RowShape = (row) => ({ ...row, eventId: null });

/** How the archive takes this module's rows back (site-archive-tables.ts, ROW_SHAPES). */
export const AUDIT_ROW_SHAPES = new Map<PgTable, RowShape>([[auditEntries, withoutOldEvent]]);
