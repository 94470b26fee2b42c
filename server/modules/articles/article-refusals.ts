/*
 * What a write of an article can be refused with, by code (common/refusals): the routes that
 * save an article (create, update, a revision's restore) declare these in their OpenAPI
 * answers. A new refusal thrown by a save (article-values.ts, article-edits.ts,
 * article-write-steps.ts) is added here.
 */
import { JSON_BODY, SIGNED_IN } from '../../lib/errors';

/**
 * Whoever may change the article (article-access.ts): nobody, another's piece, none. What a
 * write to it meets (its blog's entries, its revisions, its preview link, its presence).
 */
export const EDITABLE = [
  ...SIGNED_IN,
  'article.change_forbidden',
  'article.not_found',
  'article.not_own',
] as const;

/** What a create or an update can be refused with (article-values.ts, article-edits.ts). */
export const SAVE_REFUSALS = [
  ...SIGNED_IN,
  ...JSON_BODY,
  'article.write_forbidden',
  'article.no_free_slug',
  'slug.needs_latin',
  'article.slug_taken',
  'article.legacy_id_taken',
  'article.legacy_id_forbidden',
  'article.past_date_forbidden',
  'article.category_unknown',
  'article.byline_forbidden',
  'article.author_cannot_write',
  'article.author_not_first',
  'article.description_too_long',
  'article.description_too_slow',
  'article.translation_unknown',
  'article.translation_same_language',
  'article.translation_not_yours',
  'article.translation_still_published',
  'article.image_to_publish',
  'article.review_required',
  // A correction (issue 43 item 3) is of a published story only; a new one is not yet.
  'correction.not_published',
  // Editions (issue 65): an id that names none, a desk placing a story outside its editions.
  'edition.unknown',
  'edition.not_yours',
] as const;
/** What an update adds: the article, its author, its history and its translations. */
export const UPDATE_REFUSALS = [
  ...SAVE_REFUSALS,
  'article.change_forbidden',
  'article.not_found',
  'article.not_own',
  'article.stale',
  'article.language_in_group',
  'article.translation_self',
] as const;
