import { articleRevisions } from '../../../db/schema/revisions';

/*
 * The newsroom module's door for moving content in and out (server/modules/README.md): the
 * archive copies an article's revisions verbatim. Presence is who has a form open now, and is
 * not archived.
 */

/** Tables this module lets the archive copy, after the articles they belong to. */
export const NEWSROOM_TABLES = [articleRevisions] as const;
