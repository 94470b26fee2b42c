/*
 * Web push's addresses (docs/decisions/032), in a file of their own so that the reader script
 * and the service worker take them without the schemas' weight.
 */

/** Where a browser fetches the key its subscription is made with. */
export const PUSH_KEY_PATH = '/api/push/key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';
export const PUSH_ALERTS_PATH = '/api/push/alerts';
