/*
 * Editions on the wire (issue 65 item 1, DECISIONS.md §30). The contract of `GET /api/editions`
 * is frozen: `{ _id, slug, kind, parentId, names: { hi, en, mr?, gu? }, latinNames, location?,
 * active }` (server/modules/editions/README.md).
 */
import { z } from 'zod';
import { EDITION_KINDS } from '../editions';
import { DEFAULT_EDITION_EPAPER, EPAPER_ACCESS } from '../epaper-access';
import { EPAPER_MAX_PAGES } from '../epaper';
import { says } from '../refusals/schema-refusals';
import { IdSchema, text } from './common';

/** How long an edition's name may be, in any language. */
export const EDITION_NAME_MAX = 100;
/** How many Latin spellings an edition may carry, and how long each. */
export const LATIN_NAMES_MAX = 30;
export const LATIN_NAME_MAX = 60;

export const EditionNamesSchema = z.object({
  hi: z.string(),
  en: z.string(),
  mr: z.string().optional(),
  gu: z.string().optional(),
});

export const EditionLocationSchema = z.object({ lat: z.number(), lng: z.number() });

export const EditionSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  kind: z.enum(EDITION_KINDS),
  /** The edition it sits under; null for the national edition (the root), only it. */
  parentId: z.string().nullable(),
  names: EditionNamesSchema,
  /** The Latin spellings readers type for it (`jaipur`, `jaypur`, `jaipur city`). */
  latinNames: z.array(z.string()),
  /** Where it is, for the reader's "near me" (computed in the browser); left out when unknown. */
  location: EditionLocationSchema.optional(),
  active: z.boolean(),
  /**
   * Its e-paper (issue 68 item 3): who reads it whole, and the pages free to anyone whatever
   * that is (server/modules/epaper/README.md). Added after the contract above; nothing else moved.
   */
  epaper: z.object({ access: z.enum(EPAPER_ACCESS), freePages: z.array(z.number()) }),
});
export type Edition = z.infer<typeof EditionSchema>;

export const EditionListSchema = z.array(EditionSchema);

/** `GET /api/editions?q=`: the editions a name in any script finds (common/edition-names.ts). */
export const EditionListQuerySchema = z.object({
  q: z
    .string(says('validation.not_text', { field: 'q' }))
    .max(100, says('validation.too_long', { field: 'q', maximum: 100 }))
    .optional(),
});

const nameIn = (field: string, min: number) => text(field, min, EDITION_NAME_MAX);

const EditionNamesInputSchema = z.object({
  hi: nameIn('names.hi', 1),
  en: nameIn('names.en', 1),
  mr: nameIn('names.mr', 0).optional(),
  gu: nameIn('names.gu', 0).optional(),
});

const coordinate = (field: string, limit: number) =>
  z
    .number(says('validation.not_number', { field }))
    .min(-limit, says('validation.at_least', { field, minimum: -limit }))
    .max(limit, says('validation.at_most', { field, maximum: limit }));

/**
 * `POST /api/editions` (administrators). `slug` is lower-case Latin letters, digits and
 * hyphens, unique within its parent; `kind` must fit the parent's (state under national, city
 * under state, town under city); `location` null or left out: unknown.
 */
export const EditionInputSchema = z.object({
  slug: text('slug', 1, 80),
  kind: z.enum(EDITION_KINDS, says('validation.one_of', { field: 'kind', values: EDITION_KINDS })),
  parentId: IdSchema.nullable(),
  names: EditionNamesInputSchema,
  latinNames: z
    .array(text('latinNames', 1, LATIN_NAME_MAX))
    .max(LATIN_NAMES_MAX)
    .default([]),
  location: z
    .object({ lat: coordinate('location.lat', 90), lng: coordinate('location.lng', 180) })
    .nullable()
    .optional(),
  active: z.boolean(says('validation.not_boolean', { field: 'active' })).default(true),
  epaper: z
    .object({
      access: z.enum(
        EPAPER_ACCESS,
        says('validation.one_of', { field: 'epaper.access', values: EPAPER_ACCESS }),
      ),
      freePages: z
        .array(
          z
            .number(says('validation.not_number', { field: 'epaper.freePages' }))
            .int(says('validation.not_number', { field: 'epaper.freePages' }))
            .min(1, says('validation.at_least', { field: 'epaper.freePages', minimum: 1 }))
            .max(
              EPAPER_MAX_PAGES,
              says('validation.at_most', { field: 'epaper.freePages', maximum: EPAPER_MAX_PAGES }),
            ),
        )
        .max(EPAPER_MAX_PAGES)
        .transform((pages) => [...new Set(pages)].sort((a, b) => a - b)),
    })
    .default(DEFAULT_EDITION_EPAPER),
});
export type EditionInput = z.infer<typeof EditionInputSchema>;

/** `PUT /api/editions/{id}`: a field left out keeps what is stored. */
export const EditionEditSchema = EditionInputSchema.partial().extend({
  latinNames: EditionInputSchema.shape.latinNames.removeDefault().optional(),
  active: EditionInputSchema.shape.active.removeDefault().optional(),
  epaper: EditionInputSchema.shape.epaper.removeDefault().optional(),
});
export type EditionEdit = z.infer<typeof EditionEditSchema>;

/** An article's editions on the wire: ids; the primary one is always among them. */
export const ArticleEditionsInputSchema = z.array(IdSchema).max(50);

/**
 * `PUT /api/users/{id}` (administrators; issue 65 item 5): the editions the user's desk may
 * place stories in; [] lifts the limit. The national edition is one of them: a limited desk
 * places stories in the national edition only when its id is listed.
 */
export const UserEditionsInputSchema = z.object({ editions: ArticleEditionsInputSchema });

/** A user's desk editions ([]: every edition). */
export const UserEditionsSchema = z.object({ _id: z.string(), editions: z.array(z.string()) });

/** How many sections an edition's home may have: as many as the national home (settings). */
export const EDITION_HOME_SECTIONS_MAX = 6;

/**
 * `PUT /api/editions/{id}/home` (issue 65 item 3): the edition's own home as its desk curates
 * it. `lead`: a story in this edition, or null for the newest of its stories with a picture;
 * `sections`: categories, in order, each listing its stories in this edition.
 */
export const EditionHomeInputSchema = z.object({
  lead: IdSchema.nullable(),
  sections: z.array(IdSchema).max(EDITION_HOME_SECTIONS_MAX),
});
export type EditionHomeInput = z.infer<typeof EditionHomeInputSchema>;

/** An edition's home as curated (`GET`/`PUT /api/editions/{id}/home`). */
export const EditionHomeSchema = EditionHomeInputSchema.extend({
  edition: z.string(),
  /** When it was last curated; null when it never was (the page's defaults). */
  updatedAt: z.string().nullable(),
});
export type EditionHome = z.infer<typeof EditionHomeSchema>;
