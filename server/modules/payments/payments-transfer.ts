import { memberSubscriptions, paymentEvents, plans } from '../../../db/schema/payments';

/*
 * The payments module's door for the site archive (server/modules/README.md): the plans, each
 * member's subscription as the provider last said it, and the provider events already applied
 * (so one sent again to the moved site changes nothing).
 */

/** Tables this module lets the archive copy, in the order they can be filled. */
export const PAYMENT_TABLES = [plans, memberSubscriptions, paymentEvents] as const;
