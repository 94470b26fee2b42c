/*
 * Moving lists in and out (issue 37 item 5): administrators import subscribers from CSV (as
 * Mailchimp, Substack and Ghost export them) and export a newsletter's with where each
 * address stands. Imported rows are confirmed subscribers with their consent recorded; no
 * confirmation mail goes to them (the list's owner had their consent).
 */
import { IMPORTED_CONSENT_VERSION } from '../../../common/consent';
import { SUBSCRIBER_EXPORT_COLUMNS, type ImportAnswer } from '../../../common/schemas/subscribers';
import { requireRole, type Actor } from '../../lib/actor';
import { toCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { activeNewsletters, findNewsletter } from './newsletters-repository';
import { readSubscriberCsv, type ImportedRow } from './subscriber-csv';
import {
  subscribersOfNewsletter,
  subscriptionsOfEmail,
  writeSubscriberBatch,
} from './subscriber-lists-repository';
import type { NewslettersDeps } from './newsletters-deps';

/** Rows written per statement: 1,000 rows of 3 columns stay far below PostgreSQL's 65,535 parameters. */
export const IMPORT_BATCH = 1000;

/** One row per address in a batch (ON CONFLICT may touch a row once per statement). */
function byAddress(rows: ImportedRow[]): ImportedRow[] {
  const seen = new Map<string, ImportedRow>();
  for (const row of rows) {
    const before = seen.get(row.email);
    if (!before) seen.set(row.email, { ...row });
    else {
      before.newsletterIds = [...new Set([...before.newsletterIds, ...row.newsletterIds])];
      before.name ||= row.name;
      if (row.subscribedAt < before.subscribedAt) before.subscribedAt = row.subscribedAt;
    }
  }
  return [...seen.values()];
}

export function subscriberLists({ db, clock, consents }: NewslettersDeps) {
  return {
    /** Only administrators import: asked before the file is read. */
    mayImport: async (actor: Actor | null) => {
      requireRole(actor, 'administrator');
    },

    /** Imports a CSV list (administrators): how many rows went in, and which lines did not. */
    async importSubscribers(actor: Actor | null, text: string): Promise<ImportAnswer> {
      requireRole(actor, 'administrator');
      const now = clock.now();
      const active = new Map((await activeNewsletters(db)).map((n) => [n.slug, n.id]));
      const { rows, refused } = readSubscriberCsv(text, (slug) => active.get(slug), now);
      const addresses = byAddress(rows);
      for (let i = 0; i < addresses.length; i += IMPORT_BATCH) {
        const batch = addresses.slice(i, i + IMPORT_BATCH);
        await db.transaction(async (tx) => {
          await writeSubscriberBatch(tx, batch);
          await consents.record(
            batch.map((row) => ({
              email: row.email,
              purpose: 'newsletter',
              form: 'import',
              textVersion: IMPORTED_CONSENT_VERSION,
              givenAt: row.subscribedAt,
            })),
            tx,
          );
        });
      }
      return { imported: rows.length, refused };
    },

    /** A newsletter's subscribers as CSV or JSON (administrators), each with its status. */
    async exportSubscribers(actor: Actor | null, newsletterId: string) {
      requireRole(actor, 'administrator');
      const newsletter = await findNewsletter(db, newsletterId);
      if (!newsletter) throw notFound('newsletter.not_found');
      const rows = await subscribersOfNewsletter(db, newsletterId);
      return {
        slug: newsletter.slug,
        rows: rows.map((r) => ({
          email: r.email,
          name: r.name,
          subscribedAt: r.confirmedAt?.toISOString() ?? null,
          status: r.status,
        })),
        csv: () =>
          toCsv(
            SUBSCRIBER_EXPORT_COLUMNS,
            rows.map((r) => [
              r.email,
              r.name,
              r.slug,
              r.confirmedAt?.toISOString() ?? '',
              'true',
              r.status,
            ]),
          ),
      };
    },

    /** An address's subscriptions, read only (a reader's export). */
    subscriptionsOfEmail: (email: string) => subscriptionsOfEmail(db, email),
  };
}
