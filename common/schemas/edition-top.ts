/*
 * `GET /api/editions/{slug}/top` (issue 65 item 4): an edition's top stories for the reader's
 * city strip, the same JSON for every reader (kept by the page cache, refreshed by the
 * edition's tag). `slug` is an edition's slug (the highest place with it) or its id.
 */
import { z } from 'zod';
import { EDITION_KINDS } from '../editions';
import { EditionNamesSchema } from './editions';

/** How many stories the strip shows. */
export const EDITION_TOP_SIZE = 5;

export const EditionTopParamsSchema = z.object({ slug: z.string().min(1).max(100) });

export const EditionTopSchema = z.object({
  edition: z.object({
    _id: z.string(),
    slug: z.string(),
    kind: z.enum(EDITION_KINDS),
    names: EditionNamesSchema,
    /** The edition's page (`/local/rajasthan/jaipur`). */
    path: z.string(),
  }),
  articles: z.array(
    z.object({ _id: z.string(), name: z.string(), path: z.string(), language: z.string() }),
  ),
});
export type EditionTop = z.infer<typeof EditionTopSchema>;
