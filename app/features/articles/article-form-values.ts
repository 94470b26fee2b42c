import { z } from 'zod';
import type { ArticleStatus, Language } from '../../../common/articles';
import type { ArticleAccess } from '../../../common/article-access';
import { choiceOf, sayOf, type CommentsOpenChoice } from '../comments/comments-open-field';
import {
  articleTexts,
  pickArticleTexts,
  type Article,
  type ArticleTexts,
} from '../../../common/schemas/articles';
import { ArticleInputSchema } from '../../../common/schemas/article-input';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { fromZonedInput, toZonedInput } from '../../../common/time-zone';

/**
 * What the article form edits: one text per field, '' for "not chosen". The article's texts
 * come from the shared list (ArticleTextsSchema); the rest are its choices.
 */
export type ArticleFormValues = ArticleTexts & {
  /** The first byline; '' for none. */
  author: string;
  /** The further bylines' ids, in order (issue 26 item 4). */
  coAuthors: string[];
  category: string;
  status: ArticleStatus;
  /** With status published: go out now, or at `publishedAt` (DECISIONS.md §11). */
  when: 'now' | 'schedule';
  /** The scheduled time as the site's wall clock (`2026-11-23T06:00`), '' when not scheduling. */
  publishedAt: string;
  language: '' | Language;
  /** The linked translation's id; '' for none. */
  translationId: string;
  /** A live blog: its updates are written beside the form (issue 25 item 1). */
  liveBlog: boolean;
  /** No ad slots on its page (issue 39 item 1; editors and up). */
  adsOff: boolean;
  /** Who may read it whole (issue 39 item 3; editors and up). */
  access: ArticleAccess;
  /** Its say on comments (issue 42 item 1; editors and up): follow its section, open, closed. */
  commentsOpen: CommentsOpenChoice;
  /** Its tags' names in order (issue 26 item 5). */
  tags: string[];
  /** The editions it circulates to (issue 65), by id; [] for the server's default. */
  editions: string[];
  /** Its primary edition's id; '' for the server's default. */
  primaryEdition: string;
  /** "This is a correction" (issue 43 item 3): a published story's save kept on the record. */
  corrected: boolean;
  /** The correction's public note; sent only with `corrected`. */
  correction: string;
};

/** What the form needs beyond its values: the site's zone, and whether the article was scheduled. */
export interface ArticleFormContext {
  timeZone: string;
  /** Published for a time still to come when the form opened. */
  scheduled: boolean;
}
const DEFAULT_CONTEXT: ArticleFormContext = {
  timeZone: DEFAULT_SETTINGS.timeZone,
  scheduled: false,
};

/** Whether an article is published for a time still to come. */
export const isScheduled = (a: Pick<Article, 'status' | 'publishedAt'>, now = new Date()) =>
  a.status === 'published' && new Date(a.publishedAt) > now;

/** A new article, by the signed-in user, published on save (as the original did). */
export const emptyArticleForm = (authorId: string): ArticleFormValues => ({
  ...articleTexts.empty(),
  author: authorId,
  coAuthors: [],
  category: '',
  status: 'published',
  when: 'now',
  publishedAt: '',
  language: '',
  translationId: '',
  liveBlog: false,
  adsOff: false,
  access: 'free',
  commentsOpen: 'follow',
  tags: [],
  editions: [],
  primaryEdition: '',
  corrected: false,
  correction: '',
});

export const articleToForm = (
  a: Article,
  timeZone: string = DEFAULT_CONTEXT.timeZone,
): ArticleFormValues => ({
  ...pickArticleTexts(a),
  author: a.authors[0]?._id ?? '',
  coAuthors: a.authors.slice(1).map((x) => x._id),
  category: a.category?._id ?? '',
  status: a.status,
  when: isScheduled(a) ? 'schedule' : 'now',
  publishedAt: isScheduled(a) ? toZonedInput(new Date(a.publishedAt), timeZone) : '',
  language: a.language,
  translationId: a.translationId ?? '',
  liveBlog: a.liveBlog,
  adsOff: a.adsOff,
  access: a.access,
  commentsOpen: choiceOf(a.commentsOpen),
  tags: a.tags,
  editions: a.editions,
  primaryEdition: a.primaryEdition,
  // Every save starts as no correction: the one just recorded is not sent twice.
  corrected: false,
  correction: '',
});

/**
 * The time to send: a schedule as UTC (text that names no time is sent as typed, so the
 * server's message lands on the field); "now" for an article that was scheduled (else the
 * server keeps its time); nothing otherwise, and the server decides.
 */
function publishedAtOf(v: ArticleFormValues, ctx: ArticleFormContext): string | undefined {
  if (v.status !== 'published') return undefined;
  if (v.when === 'schedule') {
    return fromZonedInput(v.publishedAt, ctx.timeZone)?.toISOString() ?? v.publishedAt;
  }
  return ctx.scheduled ? new Date().toISOString() : undefined;
}

/**
 * The create/update body (SPEC.md §7 plus status, language and translation). Choices left
 * empty are left out, so the server decides: a slug from the title, the signed-in author, the language
 * from the text.
 */
export function articleBody(
  v: ArticleFormValues,
  ctx: ArticleFormContext = DEFAULT_CONTEXT,
): z.input<typeof ArticleInputSchema> {
  const publishedAt = publishedAtOf(v, ctx);
  const { slug, ...texts } = pickArticleTexts(v);
  const bylines = [...new Set([v.author, ...v.coAuthors].filter(Boolean))];
  return {
    ...texts,
    ...(slug ? { slug } : {}),
    ...(v.author ? { author: v.author } : {}),
    // Every byline, the first the main one (none chosen: the server decides, as for author).
    ...(bylines.length > 0 ? { authors: bylines } : {}),
    category: v.category,
    status: v.status,
    ...(publishedAt !== undefined ? { publishedAt } : {}),
    ...(v.language ? { language: v.language } : {}),
    // Always sent: the form shows the link as stored, so '' means "no translation".
    translationId: v.translationId || null,
    liveBlog: v.liveBlog,
    adsOff: v.adsOff,
    access: v.access,
    commentsOpen: sayOf(v.commentsOpen),
    // Always sent: the form shows the tags as stored, so [] means "no tags".
    tags: v.tags,
    // Always sent: the form shows the editions as stored, so [] means "the default" (national,
    // or a limited desk's own edition).
    editions: v.editions,
    ...(v.primaryEdition ? { primaryEdition: v.primaryEdition } : {}),
    ...(v.corrected ? { correction: v.correction } : {}),
  };
}

/**
 * The form is checked by the server's own ArticleInputSchema, applied to the body it sends;
 * the body's field names are the form's, so every message lands on its field.
 */
export const articleFormSchema = (ctx: ArticleFormContext) =>
  z
    .custom<ArticleFormValues>()
    .transform((v) => articleBody(v, ctx))
    .pipe(ArticleInputSchema);
export const ArticleFormSchema = articleFormSchema(DEFAULT_CONTEXT);

/** Whether `values` differ from `saved` in any field (the form has unsaved changes). */
export function differs(
  values: { readonly [K in keyof ArticleFormValues]?: unknown },
  saved: { readonly [K in keyof ArticleFormValues]?: unknown },
) {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
  return (Object.keys({ ...saved, ...values }) as (keyof ArticleFormValues)[]).some(
    (key) => !same(values[key] ?? '', saved[key] ?? ''),
  );
}

/**
 * The form's fields a stored revision or autosave carries (its texts, category, language, and
 * tags once revisions kept them).
 */
export function revisionToForm(
  c: Partial<ArticleTexts> & {
    category: string | null;
    language: Language | null;
    tags?: string[] | undefined;
  },
): Partial<ArticleFormValues> {
  return {
    ...pickArticleTexts(c),
    category: c.category ?? '',
    language: c.language ?? '',
    ...(c.tags ? { tags: c.tags } : {}),
  };
}
