import { articleGifts } from '../../../db/schema/payments';

/*
 * The gifts module's door for the site archive (server/modules/README.md): the gift links given,
 * which count against each member's month (only their tokens' hashes are kept; the links open
 * stories on the moved site only if it keeps the same signing key, which the archive does not
 * carry).
 */

/** Tables this module lets the archive copy, after the people and stories they name. */
export const GIFT_TABLES = [articleGifts] as const;
