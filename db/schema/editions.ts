/*
 * Editions (issue 65, DECISIONS.md §30): places in a tree (national → state → city → town),
 * owned by server/modules/editions. The articles module owns which editions a story is in
 * (`article_editions` and `articles.primary_edition_id`, db/schema/content.ts).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EDITION_KINDS } from '../../common/editions';
import type { EditionEpaper } from '../../common/epaper-access';
import { id, ownedBy, timestamps } from './columns';
import { users } from './users';

/** An edition's names per language: Hindi and English always, Marathi and Gujarati when known. */
export type EditionNames = { hi: string; en: string; mr?: string; gu?: string };

export const editions = pgTable(
  'editions',
  {
    id: id(),
    slug: text().notNull(),
    kind: text({ enum: EDITION_KINDS }).notNull(),
    parentId: uuid().references((): AnyPgColumn => editions.id, { onDelete: 'restrict' }),
    names: jsonb().$type<EditionNames>().notNull(),
    /** Latin spellings readers type for it (`jaipur`, `jaypur`), folded (common/search). */
    latinNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lat: doublePrecision(),
    lng: doublePrecision(),
    active: boolean().notNull().default(true),
    /** Its e-paper's access and free pages (issue 68 item 3; common/epaper-access.ts). */
    epaper: jsonb()
      .$type<EditionEpaper>()
      .notNull()
      .default(sql`'{"access":"free","freePages":[1]}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    // Slugs are unique within their parent: /local/{state}/{city} names one edition.
    uniqueIndex('editions_parent_slug_idx').on(t.parentId, t.slug),
    // At most one national edition (the migration makes it; the service never deletes it).
    uniqueIndex('editions_one_national_idx')
      .on(t.kind)
      .where(sql`${t.kind} = 'national'`),
    index('editions_parent_idx').on(t.parentId),
    check('editions_root_is_national', sql`(${t.kind} = 'national') = (${t.parentId} IS NULL)`),
    check('editions_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

/**
 * A desk's editions (issue 65 item 5): a user with rows here may place stories only in these
 * editions (the national one only when it is among them); no rows: every edition.
 */
export const editionDesks = pgTable(
  'edition_desks',
  {
    userId: ownedBy(() => users.id),
    editionId: ownedBy(() => editions.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.editionId] })],
);

/**
 * Slugs are unique within a parent only: where an address names an edition by slug, the highest
 * place with it is the one (the e-paper's addresses; its analytics).
 */
export const editionRank = sql`CASE ${editions.kind} WHEN 'national' THEN 0 WHEN 'state' THEN 1 WHEN 'city' THEN 2 ELSE 3 END`;
