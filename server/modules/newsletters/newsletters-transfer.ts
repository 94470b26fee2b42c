import {
  newsletterDeliveries,
  newsletterIssueArticles,
  newsletterIssues,
  newsletters,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '../../../db/schema/newsletters';
import { createHash } from 'node:crypto';
import type { Db } from '../../../db/client';
import { appSecrets } from '../../../db/schema/site';
import { EARLIER_LINK_KEY } from './newsletter-links';
import { storedLinkKeys } from './newsletters-repository';

/** Whether a carried key may be one (newsletter-links.ts). */
export { isLinkKey } from './newsletter-links';

/*
 * The newsletters module's door for the site archive (server/modules/README.md): the lists, their
 * subscribers and what each chose, the issues sent and to whom, so a moved site neither loses a
 * reader nor sends an issue twice.
 */

/** Tables this module lets the archive copy, in the order they can be filled. */
export const NEWSLETTER_TABLES = [
  newsletters,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterIssues,
  newsletterIssueArticles,
  newsletterDeliveries,
] as const;

/**
 * The keys the preferences and unsubscribe links of mailed issues are signed with: this site's
 * and those of the sites it was moved from. The archive carries them (and no other secret), so
 * a reader can still leave a list from an issue mailed before a move; they let one manage a
 * subscription, which the archive's own rows already hold.
 */
export const linkKeysToCarry = (db: Db) => storedLinkKeys(db, { own: true });

/** Keeps the carried keys as earlier ones beside this site's own (each once). */
export async function keepCarriedLinkKeys(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db
    .insert(appSecrets)
    .values(
      keys.map((value) => ({
        name: `${EARLIER_LINK_KEY}${createHash('sha256').update(value).digest('hex').slice(0, 16)}`,
        value,
      })),
    )
    .onConflictDoNothing();
}
