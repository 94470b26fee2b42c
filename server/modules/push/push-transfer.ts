import { pushAlerts } from '../../../db/schema/push';

/*
 * The push module's door for the site archive (see articles-transfer.ts): the alerts sent, a
 * record of the newsroom. Subscriptions stay out: each is bound to this site's VAPID key, which
 * is not archived (app_secrets, like the sign-in key), and is a reader's browser address; a
 * subscribed browser subscribes again on its own (app/reader/push.ts).
 */
export const PUSH_TABLES = [pushAlerts] as const;
