/*
 * The editions module's door for the site archive (server/modules/README.md): the tree and the
 * desks, whole.
 */
import { eq, notInArray, type SQL } from 'drizzle-orm';
import { EDITION_KINDS } from '../../../common/editions';
import type { PgTable } from 'drizzle-orm/pg-core';
import { editionDesks, editions } from '../../../db/schema/editions';
import { editionHomeSections, editionHomes } from '../../../db/schema/edition-homes';

/** Tables this module lets the archive copy: the tree after the people, before the articles. */
export const EDITION_TABLES = [editions, editionDesks] as const;

/** Edition homes as their desks curated them: after the articles and categories they name. */
export const EDITION_HOME_TABLES = [editionHomes, editionHomeSections] as const;

/**
 * The tree read parents first (a row's `parentId` names a row before it): one part a kind, the
 * national edition to the towns, each in key order, and last any kind the schema does not name.
 */
export const EDITION_ROW_PARTS = new Map<PgTable, SQL[]>([
  [
    editions,
    [
      ...EDITION_KINDS.map((kind) => eq(editions.kind, kind)),
      notInArray(editions.kind, [...EDITION_KINDS]),
    ],
  ],
]);

/**
 * Rows a fresh site already has: the national edition (migration 0058) takes the archive's
 * names and spellings instead of failing on its key.
 */
export const EDITION_REPLACED: readonly PgTable[] = [editions];
