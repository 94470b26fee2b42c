/*
 * Tags (issue 26 item 5, issue 44 item 12): a tag's name as a writer types it, an article's
 * list of them, and the tag calls' shapes.
 */
import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { slugify } from '../slug';
import { limitOnly } from './common';

/** How long one tag may be, and how many an article may have (issue 26 item 5). */
export const TAG_NAME_MAX = 60;
export const TAGS_MAX = 20;

/**
 * One tag as a writer types it, Hindi or English: trimmed, inner spaces made one. Its address
 * (`/tag/{slug}`) comes from the slug rules, so it needs a letter or digit they can write.
 */
export const TagNameSchema = z
  .string(says('tag.not_text'))
  .transform((name) => name.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, says('tag.empty'))
      .max(TAG_NAME_MAX, says('tag.too_long', { maximum: TAG_NAME_MAX }))
      .refine((name) => slugify(name) !== '', says('tag.no_address')),
  );

/**
 * An article's tags in their order: left out, an update keeps the tags it has; `[]` removes
 * them all. Two spellings of one address ("IPL", "ipl") are one tag.
 */
export const TagsInputSchema = z
  .array(TagNameSchema, says('article.tags_not_list'))
  .max(TAGS_MAX, says('article.too_many_tags', { maximum: TAGS_MAX }));

/** A tag as pages and the editor's suggestions show it. */
export const TagSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type Tag = z.infer<typeof TagSchema>;

/** `GET /api/tags?q=`: existing tags whose name or address starts with what is typed. */
export const TagSuggestQuerySchema = z.object({
  q: z
    .string(says('validation.not_text', { field: 'q' }))
    .trim()
    .max(TAG_NAME_MAX, says('validation.too_long', { field: 'q', maximum: TAG_NAME_MAX }))
    .default(''),
  limit: limitOnly(10, 50).shape.limit,
});
export const TagListSchema = z.object({ tags: z.array(TagSchema) });

/**
 * `PUT /api/tags/{id}` (editors and up, issue 44 item 12): a tag's display spelling corrected.
 * Its address stays; a name whose address is another tag's is refused (409).
 */
export const TagUpdateSchema = z.object({ name: TagNameSchema }).strict();
export type TagUpdate = z.infer<typeof TagUpdateSchema>;
