/*
 * Editions (issue 65, DECISIONS.md §30): places in a tree, national → state → city → town.
 * Shared by the server, the seed and the admin so a rule about the tree lives once.
 */

export const EDITION_KINDS = ['national', 'state', 'city', 'town'] as const;
export type EditionKind = (typeof EDITION_KINDS)[number];

/**
 * The one national edition's id: made by the migration that made the table (0058), so every
 * database has it before any article names it, and an article's primary edition defaults to it
 * in SQL (`articles.primary_edition_id`). It is never deleted or demoted (editions-service.ts).
 */
export const NATIONAL_EDITION_ID = '00000000-0000-4000-8000-000000000065';

/** The kind an edition of each kind may sit under (null: at the root, the national one only). */
export const PARENT_KIND: Record<EditionKind, EditionKind | null> = {
  national: null,
  state: 'national',
  city: 'state',
  town: 'city',
};
