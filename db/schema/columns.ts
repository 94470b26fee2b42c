import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** String ids under `_id` on the wire (SPEC.md §3); UUIDs made by PostgreSQL. */
export const id = () => uuid().primaryKey().defaultRandom();

export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** PostgreSQL `tsvector`; Drizzle has no built-in type for it. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
