import { z } from 'zod';
import { IdSchema } from './common';

/*
 * Moving newsletter lists in and out (issue 37 item 5): the CSV columns Mailchimp, Substack and
 * Ghost export (`email, name, newsletters, subscribed_at, consent`; `newsletters` holds slugs
 * separated by `;`), what an import answers, and the export's query.
 */

export const SUBSCRIBER_CSV_COLUMNS = [
  'email',
  'name',
  'newsletters',
  'subscribed_at',
  'consent',
] as const;

/** The export's columns: the import's, and where the address stands. */
export const SUBSCRIBER_EXPORT_COLUMNS = [...SUBSCRIBER_CSV_COLUMNS, 'status'] as const;

/** Why a row was not imported: the address, a newsletter's slug, or no consent. */
export const IMPORT_REFUSALS = ['invalid_email', 'unknown_newsletter', 'no_consent'] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

export const ImportAnswerSchema = z.object({
  imported: z.number(),
  /** `line` counts the header as line 1. */
  refused: z.array(z.object({ line: z.number(), reason: z.enum(IMPORT_REFUSALS) })),
});
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** Where an address stands with one newsletter, in the export. */
export const EXPORT_STATUSES = ['subscribed', 'unsubscribed', 'bounced'] as const;

export const SubscriberExportQuerySchema = z.object({
  newsletter: IdSchema,
  format: z.enum(['csv', 'json']).default('csv'),
});

export const SubscriberRowSchema = z.object({
  email: z.string(),
  name: z.string(),
  subscribedAt: z.string().nullable(),
  status: z.enum(EXPORT_STATUSES),
});

/** At most this many bytes of CSV in one import (about 100,000 rows). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
