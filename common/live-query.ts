/*
 * What a live blog's JSON (liveFeedPath) may be asked besides `since`, in a file of its own: the
 * reading page's poll (app/reader/live.ts) names it without the schemas' zod.
 */

/**
 * `blocks`: `filled` answers the entries' election blocks filled in with the figures of the
 * moment, as the story's page shows them (issue 69 item 4); the poll asks so.
 */
export const LIVE_BLOCKS = ['filled'] as const;
