import {
  newsletterDeliveries,
  newsletterIssueArticles,
  newsletterIssues,
  newsletters,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '../../../db/schema/newsletters';

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
