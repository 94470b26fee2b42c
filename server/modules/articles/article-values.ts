/*
 * What a create or an update stores, checked: the slug, who may set the site's history, what
 * the body refers to, the cleaned text, the translation link.
 */
import type { Language } from '../../../common/languages';
import { hasRole } from '../../../common/roles';
import { slugTry } from '../../../common/slug';
import { MAX_DESCRIPTION_LENGTH, pickArticleTexts } from '../../../common/schemas/articles';
import { type ArticleInput } from '../../../common/schemas/article-input';
import { titleSlug } from '../../../common/title-slug';
import { detectLanguage, stripHtml } from '../../../common/text';
import type { Db } from '../../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, conflict, fieldError, fieldRefusal, forbidden } from '../../lib/errors';
import { isPublicNow } from '../../../db/schema/content';
import { isByline } from './article-access';
import type { VersionRow } from './article-translations';
import { slugTaken } from './article-addresses-repository';
import {
  findStoredState,
  findTranslationTarget,
  type StoredState,
} from './article-writes-repository';
import type { ArticlesDeps } from './article-deps';
import { sanitizeOffThread } from './sanitize-pool';

/** The first free slug of `base`, `base-2`, `base-3`, … (or undefined after 999 tries). */
async function freeSlug(db: Db, base: string, exceptId?: string) {
  for (let n = 1; n < 1000; n++) {
    const candidate = slugTry(base, n);
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
  return undefined;
}

/**
 * The slug to store: given (normalised) or suggested from the name, and unique; spelled as
 * readers write the words (common/title-slug.ts: a Latin slug stays as it is).
 */
export async function chooseSlug(db: Db, input: ArticleInput, exceptId?: string): Promise<string> {
  if (!input.slug) {
    const free = await freeSlug(db, titleSlug(input.name) || 'article', exceptId);
    if (!free) throw conflict('article.no_free_slug');
    return free;
  }
  const given = titleSlug(input.slug);
  if (!given) throw fieldError('body.slug', 'slug.needs_latin');
  if (!(await slugTaken(db, given, exceptId))) return given;
  // The field says which slug is free (issue 9 item 7); the top message stays as it was.
  const free = await freeSlug(db, given, exceptId);
  throw new AppError('article.slug_taken', { slug: given }, [
    fieldRefusal(
      'body.slug',
      'article.slug_in_use',
      free ? { slug: given, free } : { slug: given },
    ),
  ]);
}

/**
 * The old site's number and a publication date in the past are the site's history: only
 * editors set them (docs/decisions/014). An author may send back what is stored, and may
 * schedule (a future date).
 */
function guardHistory(clock: Clock, actor: Actor, input: ArticleInput, before?: StoredState) {
  if (hasRole(actor.role, 'editor')) return;
  if (input.legacyId != null && input.legacyId !== (before?.legacyId ?? null))
    throw forbidden('article.legacy_id_forbidden');
  if (input.publishedAt === undefined) return;
  const at = new Date(input.publishedAt).getTime();
  if (at < clock.now().getTime() && at !== before?.publishedAt.getTime())
    throw forbidden('article.past_date_forbidden');
}

/** The article's text cleaned, within the input's limit once cleaned too. */
async function cleanedDescription(html: string) {
  const description = await sanitizeOffThread(html);
  // Cleaning can lengthen a text (every `<b>` closed, rel added to links).
  if (description.length > MAX_DESCRIPTION_LENGTH)
    throw fieldError('body.description', 'article.description_too_long', {
      maximum: MAX_DESCRIPTION_LENGTH,
    });
  return description;
}

/** `ids` in their order, each once. */
const once = (ids: readonly string[]) => [...new Set(ids)];

/**
 * The bylines a save stores, in order, the first the main one (issue 26 item 4): `authors`
 * when given, else those stored with `author` (when given) in the first place. A new article
 * without either is the writer's own. `author` beside `authors` must be their first.
 */
export function bylinesOf(
  input: Pick<ArticleInput, 'author' | 'authors'>,
  opts: { writer: string; before?: Pick<StoredState, 'authorId' | 'coAuthorIds'> | undefined },
): string[] {
  const { before } = opts;
  if (input.authors !== undefined) {
    const given = once(input.authors);
    if (input.author !== undefined && input.author !== (given[0] ?? null))
      throw fieldError('body.author', 'article.author_not_first');
    return given;
  }
  if (!before) return [input.author ?? opts.writer];
  const others = before.coAuthorIds;
  if (input.author === undefined)
    return once([...(before.authorId ? [before.authorId] : []), ...others]);
  // The original client's one author takes the first place; the others stay.
  return once([...(input.author ? [input.author] : []), ...others]);
}

/**
 * Who may be named (DECISIONS.md §2): an author only on a piece they are a byline of (any
 * byline may edit it), editors anyone; each byline newly named must be someone who writes.
 */
async function checkBylines(
  deps: Pick<ArticlesDeps, 'users'>,
  actor: Actor,
  input: ArticleInput,
  target: { bylines: string[]; before?: StoredState | undefined },
) {
  const { bylines, before } = target;
  if (!hasRole(actor.role, 'editor') && !bylines.includes(actor.id))
    throw forbidden('article.byline_forbidden');
  const named = new Set([before?.authorId, ...(before?.coAuthorIds ?? []), actor.id]);
  for (const id of bylines) {
    if (named.has(id)) continue;
    if (!(await deps.users.canWrite(id)))
      throw fieldError(
        input.authors !== undefined ? 'body.authors' : 'body.author',
        'article.author_cannot_write',
      );
  }
}

/** Checks what the body refers to and turns it into the values to store. */
export async function valuesFrom(
  deps: Pick<ArticlesDeps, 'clock' | 'categories' | 'users' | 'media'>,
  actor: Actor,
  input: ArticleInput,
  target: { slug: string; bylines: string[]; before?: StoredState },
) {
  const { bylines, before } = target;
  guardHistory(deps.clock, actor, input, before);
  const category = await deps.categories.byId(input.category);
  if (!category) throw fieldError('body.category', 'article.category_unknown');
  await checkBylines(deps, actor, input, target);
  const description = await cleanedDescription(input.description);
  return {
    ...pickArticleTexts(input),
    slug: target.slug,
    description,
    authorId: bylines[0] ?? null,
    categoryId: category._id,
    segment: category.slug,
    imageMediaId: await deps.media.idForUrl(input.imageUrl),
    // Left out, a new article's is read from its text and an edit keeps the stored one: an older
    // client (SPEC.md's sends none) editing a Marathi story must not make it Hindi or English.
    language:
      input.language ??
      before?.language ??
      detectLanguage(`${input.name} ${stripHtml(description)}`),
    // An edit that does not name the number keeps it (the admin form never sends it).
    legacyId: input.legacyId === undefined ? (before?.legacyId ?? null) : input.legacyId,
    // Ads on its page are an editor's call (issue 39 item 1); anyone else's body keeps it.
    ...(input.adsOff !== undefined && hasRole(actor.role, 'editor')
      ? { adsOff: input.adsOff }
      : {}),
    // So is who may read it whole (issue 39 item 3).
    ...(input.access !== undefined && hasRole(actor.role, 'editor')
      ? { access: input.access }
      : {}),
    // And whether readers may comment under it (issue 42 item 1).
    ...(input.commentsOpen !== undefined && hasRole(actor.role, 'editor')
      ? { commentsOpen: input.commentsOpen }
      : {}),
  };
}

/**
 * Whether the article may push `held` (the version its new group has in its language) out of
 * that group (issue 44 item 4): the change is `held`'s too, so it needs the right to change
 * `held` (DECISIONS.md §2); and a version readers see gives its place only to one they see too,
 * so a draft, a piece in review or a scheduled one waits until it is published.
 */
async function mayDisplace(
  deps: Pick<ArticlesDeps, 'db' | 'clock'>,
  actor: Actor,
  article: { status: string; publishedAt: Date },
  held: VersionRow,
) {
  const stored = await findStoredState(deps.db, held.id);
  if (!stored) return;
  if (!hasRole(actor.role, 'editor') && !isByline(stored, actor.id))
    throw new AppError('article.translation_not_yours', undefined, [
      fieldRefusal('body.translationId', 'article.translation_not_yours'),
    ]);
  const now = deps.clock.now();
  if (isPublicNow(held, now) && !isPublicNow(article, now))
    throw new AppError('article.translation_still_published', undefined, [
      fieldRefusal('body.translationId', 'article.translation_still_published'),
    ]);
}

/**
 * The translation to link, checked (docs/decisions/041): it exists, is another article, and is
 * written in another language; the article then joins its group (a version the group had in
 * the article's language leaves it, when `mayDisplace` allows). Undefined (not given) keeps the
 * group the article has, which must not then have another version in the article's (perhaps
 * new) language. `article` is as the save leaves it (its status and time).
 */
export async function checkTranslation(
  deps: Pick<ArticlesDeps, 'db' | 'clock'>,
  actor: Actor,
  article: { id?: string; language: Language; status: string; publishedAt: Date },
  given: string | null | undefined,
): Promise<string | null | undefined> {
  const { db } = deps;
  if (given === undefined) {
    const own = article.id ? await findTranslationTarget(db, article.id) : undefined;
    if (own?.versions.some((v) => v.language === article.language))
      throw fieldError('body.language', 'article.language_in_group', {
        language: article.language,
      });
    return given;
  }
  if (given === null) return given;
  if (given === article.id) throw fieldError('body.translationId', 'article.translation_self');
  const other = await findTranslationTarget(db, given);
  if (!other) throw fieldError('body.translationId', 'article.translation_unknown');
  if (other.language === article.language) {
    throw fieldError('body.translationId', 'article.translation_same_language', {
      language: article.language,
    });
  }
  const held = other.versions.find((v) => v.language === article.language && v.id !== article.id);
  if (held) await mayDisplace(deps, actor, article, held);
  return given;
}

/**
 * What a save stores of live coverage (issue 25 item 1): `true` starts it (or starts it again,
 * keeping when it first began), `false` ends it and says when; left out, nothing changes.
 */
export function liveValues(
  live: boolean | undefined,
  before: Pick<StoredState, 'liveBlog' | 'liveStartedAt'> | undefined,
  now: Date,
): { liveBlog?: boolean; liveStartedAt?: Date; liveEndedAt?: Date | null } {
  if (live === undefined || live === (before?.liveBlog ?? false)) return {};
  if (live)
    return { liveBlog: true, liveStartedAt: before?.liveStartedAt ?? now, liveEndedAt: null };
  return { liveBlog: false, liveEndedAt: now };
}

/** A unique column's refusal as the 409 a client can act on; anything else as it was. */
export function legacyConflict(error: unknown): never {
  if (isUniqueViolation(error, 'articles_legacyId_unique'))
    throw conflict('article.legacy_id_taken');
  if (isUniqueViolation(error, 'articles_slug_unique')) throw conflict('article.slug_taken');
  throw error;
}
