import { z } from 'zod';

/** `GET /api/fediverse/followers` (administrators): who follows the site and its authors. */
export const FediverseFollowersSchema = z.object({
  /** Followers of the site's own actor. */
  site: z.number(),
  /** Authors with followers, and how many each has. */
  authors: z.array(
    z.object({ _id: z.string(), name: z.string(), slug: z.string(), followers: z.number() }),
  ),
});
export type FediverseFollowers = z.infer<typeof FediverseFollowersSchema>;

/** The paths Fedify answers beside the pages (docs/decisions/054). */
export const FEDIVERSE_PATH_PREFIXES = [
  '/ap/',
  '/.well-known/webfinger',
  '/.well-known/nodeinfo',
  '/nodeinfo/',
] as const;
