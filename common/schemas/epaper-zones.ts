/*
 * Stories on the e-paper's page (issue 68 item 1): the boxes the desk draws on a page, as
 * fractions of the page (x, y from its top left; w, h its size), each a story, an ad or a
 * photo, a story's box perhaps linked to the web story. Shared by the API, the desk and the
 * reader's page.
 */
import { z } from 'zod';
import { EPAPER_ZONE_KINDS } from '../epaper';
import { IdSchema } from './common';
import { EditionNamesSchema } from './editions';

const fraction = z.number().min(0).max(1);

/** A box on a page in fractions of it; wholly inside the page, at least 1 % of it each way. */
export const EpaperBoxSchema = z
  .object({ x: fraction, y: fraction, w: fraction.min(0.01), h: fraction.min(0.01) })
  .refine((b) => b.x + b.w <= 1.000001 && b.y + b.h <= 1.000001, {
    message: 'The box must lie within the page (x + w and y + h at most 1).',
    path: ['w'],
  });
export type EpaperBox = z.infer<typeof EpaperBoxSchema>;

/** `POST` and `PUT /api/epaper/pages/{id}/zones[/{zoneId}]` (editors and up). */
export const EpaperZoneInputSchema = z.object({
  box: EpaperBoxSchema,
  kind: z.enum(EPAPER_ZONE_KINDS).default('story'),
  /** The web story the box printed; null unlinks it. */
  storyId: IdSchema.nullable().optional(),
  /**
   * The box's text as a person corrected it (its numbers then shown); null goes back to what
   * OCR read (numbers hidden).
   */
  text: z.string().trim().max(20_000).nullable().optional(),
});
export type EpaperZoneInput = z.infer<typeof EpaperZoneInputSchema>;

export const EpaperZonePageParamsSchema = z.object({ id: IdSchema });
export const EpaperZoneParamsSchema = z.object({ id: IdSchema, zoneId: IdSchema });

export const EpaperZoneSchema = z.object({
  _id: z.string(),
  pageId: z.string(),
  box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
  kind: z.enum(EPAPER_ZONE_KINDS),
  storyId: z.string().nullable(),
  /** The corrected text, when a person gave one. */
  text: z.string().nullable(),
  updatedAt: z.string(),
});
export type EpaperZone = z.infer<typeof EpaperZoneSchema>;

export const EpaperZoneListSchema = z.object({ zones: z.array(EpaperZoneSchema) });

/**
 * `GET /api/epaper/pages/{id}/zones/suggested`: the blocks Tesseract's layout found on the page
 * that no box covers yet; `read` is false (and none suggested) until OCR has read the page.
 */
export const EpaperZoneSuggestionsSchema = z.object({
  read: z.boolean(),
  suggestions: z.array(
    z.object({
      box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
      kind: z.enum(EPAPER_ZONE_KINDS),
    }),
  ),
});
export type EpaperZoneSuggestions = z.infer<typeof EpaperZoneSuggestionsSchema>;

/** A box as the reader's page shows it: to its story, or to the text read in it. */
export interface EpaperReaderZone {
  _id: string;
  box: { x: number; y: number; w: number; h: number };
  kind: (typeof EPAPER_ZONE_KINDS)[number];
  /** The linked web story, when it is public. */
  story: { path: string; title: string } | null;
  /** The box's text: a person's correction, or OCR's without its numbers; null if none yet. */
  text: string | null;
  /** A person corrected the text (not machine-read any more). */
  corrected: boolean;
}

/** Where a web story was printed: "In print: page 3, Jaipur edition". */
export interface EpaperInPrint {
  issueId: string;
  edition: {
    _id: string;
    slug: string;
    names: { hi: string; en: string; mr?: string | undefined; gu?: string | undefined };
  };
  date: string;
  page: number;
  path: string;
}

/** `POST /api/epaper/clips` (anyone): a box of a public page cut out as a clip. */
export const EpaperClipInputSchema = z.object({ pageId: IdSchema, box: EpaperBoxSchema });
export type EpaperClipInput = z.infer<typeof EpaperClipInputSchema>;
export const EpaperClipParamsSchema = z.object({ id: IdSchema });

/** A clip made: its page's address (`url`) and its image. */
export const EpaperClipMadeSchema = z.object({
  id: z.string(),
  /** Its public page, /epaper/clips/{id}. */
  url: z.string(),
  /** The JPEG (with its footer), at most 1080 px wide and 250 KB. */
  image: z.string(),
  width: z.number(),
  height: z.number(),
});
export type EpaperClipMade = z.infer<typeof EpaperClipMadeSchema>;

/** A clip as its page and `GET /api/epaper/clips/{id}` show it. */
export const EpaperClipSchema = EpaperClipMadeSchema.extend({
  issueId: z.string(),
  edition: z.object({
    _id: z.string(),
    slug: z.string(),
    names: EditionNamesSchema,
  }),
  date: z.string(),
  page: z.number(),
  /** The page it was cut from. */
  pagePath: z.string(),
  opens: z.number(),
  createdAt: z.string(),
});
export type EpaperClip = z.infer<typeof EpaperClipSchema>;
