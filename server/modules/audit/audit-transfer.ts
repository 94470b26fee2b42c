import { auditEntries } from '../../../db/schema/audit';

/* The audit module's door for the site archive (server/modules/README.md): the trail, whole. */

/** Tables this module lets the archive copy, after the people it names. */
export const AUDIT_TABLES = [auditEntries] as const;
