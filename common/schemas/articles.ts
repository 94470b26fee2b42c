import { z } from 'zod';
import { CommentsOpenInputSchema, CommentsOpenSchema } from './comments';
import { CorrectionNoteSchema } from './corrections';
import {
  ADMIN_DEFAULT_SORT,
  ADMIN_SORTS,
  ADMIN_STATUS_FILTERS,
  ARTICLE_STATUSES,
  CROP_RATIOS,
  LANGUAGES,
  SEARCH_QUERY_MAX,
} from '../articles';
import { ARTICLE_ACCESS } from '../article-access';
import { htmlShape } from '../html-shape';
import { englishOf } from '../refusals/catalogue';
import { issueSays, says } from '../refusals/schema-refusals';
import { slugify } from '../slug';
import { IdSchema, estimatedField, limitOnly, pagination, text, pageFields } from './common';
import { ArticleEditionsInputSchema } from './editions';

const isoDate = z.string();

/**
 * A registered language's code (common/languages.ts, docs/decisions/041): `hi` and `en` as
 * always, and every language added since.
 */
export const LanguageSchema = z.enum(
  LANGUAGES,
  says('validation.one_of', { field: 'language', values: LANGUAGES }),
);

/** Another language's version of a story (a translation group's member, docs/decisions/041). */
export const TranslationRefSchema = z.object({
  _id: z.string(),
  language: LanguageSchema,
  /** Where readers find it: /{category}/{slug}. */
  path: z.string(),
});
export type TranslationRef = z.infer<typeof TranslationRefSchema>;

/** Characters of an article's HTML text, as sent and as stored once cleaned. */
export const MAX_DESCRIPTION_LENGTH = 500_000;
/**
 * HTML tags, opening and closing, an article's text may have (a long feature has a few
 * thousand elements, each two tags), and how deep its elements may nest (no editor nests past a
 * few dozen; the cleaner keeps 100 levels and drops deeper tags, keeping their text).
 */
export const MAX_DESCRIPTION_TAGS = 40_000;
export const MAX_DESCRIPTION_DEPTH = 256;

/** How long an image's alt text (the article image's or one in the body) may be. */
export const IMAGE_ALT_MAX = 300;
/** How long a title and an image address may be (the save's and the autosave's limits). */
export const ARTICLE_NAME_MAX = 300;
export const IMAGE_URL_MAX = 1000;
/** An agency's or a contributor's credit ("PTI", "भाषा", "IANS"), and how many bylines a piece may have. */
export const CREDIT_MAX = 100;
export const BYLINES_MAX = 10;

/** An article's category; its names per interface language when it has them (issue 26 item 7). */
export const CategoryRefSchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameHi: z.string().optional(),
  nameEn: z.string().optional(),
});
/** An article's author; `slug` addresses their page (`authorPath`) for the byline. */
export const AuthorRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });

/**
 * A hosted image's size and resized variants: enough for srcset on a card. `variants` are
 * WebP; `avif` the same widths in AVIF (empty until made for an upload from before AVIF).
 */
export const CardImageSchema = z.object({
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
  avif: z.array(z.object({ width: z.number(), url: z.string() })),
});

export type CardImage = z.infer<typeof CardImageSchema>;

export const ImageInfoSchema = CardImageSchema.extend({
  /** JPEG crops in 16:9, 4:3 and 1:1 for search engines and share cards (issue 12 item 4). */
  crops: z.array(
    z.object({
      ratio: z.enum(CROP_RATIOS),
      width: z.number(),
      height: z.number(),
      url: z.string(),
    }),
  ),
});

const optionalText = (field: string, max: number) =>
  z
    .string(says('validation.not_text', { field }))
    .trim()
    .max(max, says('validation.too_long', { field, maximum: max }))
    .optional()
    .default('');

/**
 * The article's own texts, checked as a save checks them: one name each on the wire, in the
 * form, in a revision and in the row (STYLE.md "Fields listed once"). A new text field is added
 * here and as a column (a migration); the form's values, the save's update set, revisions and
 * restores all take their fields from this list (`pickArticleTexts`).
 */
export const ArticleTextsSchema = z.object({
  name: text('name', 1, ARTICLE_NAME_MAX),
  slug: z
    .string(says('validation.not_text', { field: 'slug' }))
    .trim()
    .max(120, says('validation.too_long', { field: 'slug', maximum: 120 }))
    .optional(),
  /*
   * A draft or a piece in review may have no image yet ('' or left out: a breaking story starts
   * before there is a photo); publishing or scheduling needs one (IMAGE_TO_PUBLISH, DECISIONS.md
   * §18), which the save checks against the status it ends in.
   */
  imageUrl: z
    .string(says('validation.not_text', { field: 'imageUrl' }))
    .trim()
    .max(IMAGE_URL_MAX, says('validation.too_long', { field: 'imageUrl', maximum: IMAGE_URL_MAX }))
    .refine(
      (v) => v === '' || v.startsWith('/media/') || /^https:\/\/[^\s"'<>]+$/i.test(v),
      says('article.image_url_invalid'),
    )
    .default(''),
  description: z
    .string(says('validation.not_text', { field: 'description' }))
    .max(MAX_DESCRIPTION_LENGTH, says('validation.too_long_text', { field: 'description' }))
    // Cleaning costs time per tag and per open element (common/html-shape.ts).
    .superRefine((html, ctx) => {
      const { tags, depth } = htmlShape(html);
      if (tags > MAX_DESCRIPTION_TAGS)
        ctx.addIssue({
          code: 'custom',
          ...issueSays('article.too_many_html_tags', { maximum: MAX_DESCRIPTION_TAGS }),
        });
      else if (depth > MAX_DESCRIPTION_DEPTH)
        ctx.addIssue({
          code: 'custom',
          ...issueSays('article.html_too_deep', { maximum: MAX_DESCRIPTION_DEPTH }),
        });
    })
    .default(''),
  /** Our addition: what the article image shows (its alt text); empty falls back to the title. */
  imageAlt: optionalText('imageAlt', IMAGE_ALT_MAX),
  metaTitle: optionalText('metaTitle', 300),
  metaDescription: optionalText('metaDescription', 1000),
  metaKeywords: optionalText('metaKeywords', 1000),
  /**
   * Our addition (issue 26 item 4): an agency or a contributor without an account, shown
   * beside the bylines ("PTI", "भाषा", "IANS"); '' for none.
   */
  credit: optionalText('credit', CREDIT_MAX),
});

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

/** Why a save or a status move that would publish an article without an image is refused. */
export const IMAGE_TO_PUBLISH = englishOf('article.image_to_publish');

/** The names of the article's texts, in the schema's order. */
export const ARTICLE_TEXT_FIELDS = ArticleTextsSchema.keyof().options;
export type ArticleTextField = (typeof ARTICLE_TEXT_FIELDS)[number];
/** The article's texts as plain strings ('' for none), as the form, a row and a revision hold them. */
export type ArticleTexts = Record<ArticleTextField, string>;

/**
 * Helpers over a list of text fields, made from a schema so a test can add a field to a copy
 * of it and see every derived shape carry it.
 */
export function textFieldsOf<K extends string>(fields: readonly K[]) {
  return {
    fields,
    /** The texts of `source` (a row, a form, a body, a revision): absent ones as ''. */
    pick(source: Partial<Record<K, string | null | undefined>>): Record<K, string> {
      const picked = {} as Record<K, string>;
      for (const field of fields) picked[field] = source[field] ?? '';
      return picked;
    },
    /** Every text empty: a new article's form. */
    empty(): Record<K, string> {
      const none = {} as Record<K, string>;
      for (const field of fields) none[field] = '';
      return none;
    },
    /** A zod object of a string for each field (an article as answered). */
    stringsSchema() {
      return z.object(
        Object.fromEntries(fields.map((f) => [f, z.string()])) as Record<K, z.ZodString>,
      );
    },
    /** The same, each '' when absent (a stored revision, older than a field, has none). */
    storedSchema() {
      return z.object(
        Object.fromEntries(fields.map((f) => [f, z.string().default('')])) as Record<
          K,
          z.ZodDefault<z.ZodString>
        >,
      );
    },
  };
}

export const articleTexts = textFieldsOf(ARTICLE_TEXT_FIELDS);
/** The article's texts of any object that has them (see ArticleTextsSchema). */
export const pickArticleTexts = articleTexts.pick;

/** What a card in any article list shows (SPEC.md §2 Home, Category page). */
export const ArticleCardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  imageUrl: z.string(),
  /** Our addition: the hosted image's size and resized variants, for srcset (null otherwise). */
  image: CardImageSchema.nullable(),
  /** Plain text, at most 200 characters, cut on a word boundary (SPEC.md §9). */
  excerpt: z.string(),
  language: LanguageSchema,
  category: CategoryRefSchema.nullable(),
  /** The first byline (SPEC.md §3); `authors` has every byline, this one first. */
  author: AuthorRefSchema.nullable(),
  /** Our addition (issue 26 item 4): every byline in order, and the agency's credit. */
  authors: z.array(AuthorRefSchema),
  credit: z.string(),
  /** Our addition: a live blog still being written (the "LIVE" badge, issue 25 item 1). */
  liveBlog: z.boolean(),
  publishedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ArticleCard = z.infer<typeof ArticleCardSchema>;

/** One whole article (SPEC.md §3) with our additions (DECISIONS.md §5). */
export const ArticleSchema = articleTexts.stringsSchema().extend({
  _id: z.string(),
  /** The first byline (SPEC.md §3); `authors` has every byline, this one first. */
  author: AuthorRefSchema.nullable(),
  /** Our addition (issue 26 item 4): every byline in order; `credit` (a text) names an agency. */
  authors: z.array(AuthorRefSchema),
  category: CategoryRefSchema.nullable(),
  image: ImageInfoSchema.nullable(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: isoDate,
  /** An editor's note when sending the article back to draft (DECISIONS.md §11); else empty. */
  reviewNote: z.string(),
  language: LanguageSchema,
  legacyId: z.number().nullable(),
  /**
   * The same story in another language (issue 10 item 7), kept for older clients: of its
   * translation group's other versions, the English one for a Hindi story, else the Hindi one,
   * else English, else the first (docs/decisions/041). Null when it has none.
   */
  translationId: z.string().nullable(),
  /**
   * Our addition (issue 27 item 5): every other version of the story readers can see (published
   * and due), in the registry's language order. Its page lists them all in hreflang.
   */
  translations: z.array(TranslationRefSchema),
  /** Its tags' names in their order (issue 26 item 5); each has a page at `tagPath(name)`. */
  tags: z.array(z.string()),
  /**
   * Our addition (issue 65 item 2): the ids of the editions it circulates to (`GET
   * /api/editions`), its primary edition among them; one address wherever it appears.
   */
  editions: z.array(z.string()),
  /** The edition it belongs to first (the national one unless its desk chose). */
  primaryEdition: z.string(),
  /** A live blog (issue 25 item 1): live now; when its coverage began and, once over, ended. */
  liveBlog: z.boolean(),
  liveStartedAt: isoDate.nullable(),
  liveEndedAt: isoDate.nullable(),
  /** No ad slots on its page (issue 39 item 1). */
  adsOff: z.boolean(),
  /** Who may read it whole (issue 39 item 3): anyone, members, members of a paid plan. */
  access: z.enum(ARTICLE_ACCESS),
  /** Its own say on comments (issue 42 item 1); null follows its section, then the site. */
  commentsOpen: CommentsOpenSchema,
  /**
   * Our addition (issue 39 item 3): true when the asker may not read it whole, and `description`
   * is only its opening (up to its first paragraph's end).
   */
  walled: z.boolean(),
  views: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Article = z.infer<typeof ArticleSchema>;

/** A row of the admin list and the sitemap (SPEC.md §7 admin-article). */
export const AdminArticleRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  language: LanguageSchema,
  category: CategoryRefSchema.nullable(),
  author: AuthorRefSchema.nullable(),
  imageUrl: z.string(),
  publishedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Our addition: the article's total views (DECISIONS.md §7). */
  views: z.number(),
});

/** Create and update bodies (SPEC.md §7) plus status, publishedAt, language, legacyId. */
export const ArticleInputSchema = ArticleTextsSchema.extend({
  /** The first byline (the original client's one author); `authors` names them all. */
  author: IdSchema.optional().nullable(),
  /**
   * Our addition (issue 26 item 4): every byline in order, the first the main one (`author`),
   * by id (or as answered, `{ _id, … }`). Left out, an update keeps the bylines (with `author`
   * given, it takes the first place); `[]` leaves only the credit.
   */
  authors: z
    .array(
      z.union(
        [IdSchema, z.object({ _id: IdSchema }).transform((a) => a._id)],
        says('article.byline_not_id'),
      ),
      says('article.bylines_not_list'),
    )
    .max(BYLINES_MAX, says('article.too_many_bylines', { maximum: BYLINES_MAX }))
    .optional(),
  category: IdSchema,
  status: z.enum(ARTICLE_STATUSES, says('article.status_invalid')).optional(),
  publishedAt: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'publishedAt' }) })
    .optional(),
  /** Left out, a new article's is read from its text; an update keeps the stored one. */
  language: LanguageSchema.optional(),
  legacyId: z
    .number(says('validation.not_number', { field: 'legacyId' }))
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .nullable(),
  /**
   * A version of the same story in another language: the article joins its translation group
   * (docs/decisions/041), and leaves the one it was in; null leaves its group; left out, an update
   * keeps the group it has. A version the group had in this article's language leaves it.
   */
  translationId: IdSchema.optional().nullable(),
  /**
   * Live coverage (issue 25 item 1): true makes the article a live blog, false ends it and
   * keeps its entries; left out, an update keeps what is stored.
   */
  liveBlog: z.boolean(says('validation.not_boolean', { field: 'liveBlog' })).optional(),
  /**
   * No ad slots on its page (issue 39 item 1): editors and up choose; left out (or sent by an
   * author), the stored choice stays.
   */
  adsOff: z.boolean(says('validation.not_boolean', { field: 'adsOff' })).optional(),
  /**
   * Who may read it whole (issue 39 item 3; default free): editors and up choose; left out (or
   * sent by an author), the stored choice stays.
   */
  access: z.enum(ARTICLE_ACCESS, says('article.access_invalid')).optional(),
  /** Its say on comments (issue 42 item 1): editors and up choose; null follows its section. */
  commentsOpen: CommentsOpenInputSchema,
  /** Our addition (issue 26 item 5): the article's tags; left out, an update keeps them. */
  tags: TagsInputSchema.optional(),
  /**
   * Our addition (issue 65 item 2): the editions it circulates to, by id; left out, an update
   * keeps them (a new story: its primary edition only). The primary edition is added when not
   * listed. Unknown ids: 400 `edition.unknown`; outside a limited desk's: 403 `edition.not_yours`.
   */
  editions: ArticleEditionsInputSchema.optional(),
  /**
   * Its primary edition; left out, an update keeps it while it stays listed, and a new story
   * takes the national edition (or, for a desk without it, the first listed or its desk's).
   */
  primaryEdition: IdSchema.optional(),
  /** A published story's correction: its public note, kept on the record (issue 43 item 3). */
  correction: CorrectionNoteSchema.optional(),
  /** The updatedAt the editor loaded; an older one than stored means someone else saved since. */
  updatedAt: z.iso
    .datetime({ offset: true, ...says('validation.not_datetime', { field: 'updatedAt' }) })
    .optional(),
});
export type ArticleInput = z.infer<typeof ArticleInputSchema>;

const publishedAtField = z.iso.datetime({
  offset: true,
  ...says('validation.not_datetime', { field: 'publishedAt' }),
});

/**
 * A move between statuses (DECISIONS.md §11): submit for review (`pending`), publish now or
 * schedule (`published`, with a future `publishedAt`), or back to draft with a note the author
 * sees. Without `publishedAt`, publishing means now.
 */
export const ArticleStatusChangeSchema = z.object({
  status: z.enum(ARTICLE_STATUSES, says('article.status_invalid')),
  publishedAt: publishedAtField.optional(),
  note: z
    .string(says('validation.not_text', { field: 'note' }))
    .trim()
    .max(2000, says('validation.too_long', { field: 'note', maximum: 2000 }))
    .optional(),
});
export type ArticleStatusChange = z.infer<typeof ArticleStatusChangeSchema>;

/** What waits on the signed-in user: for review (editors) or sent back to them (authors). */
export const ReviewQueueSchema = z.object({
  awaiting: z.number(),
  kind: z.enum(['review', 'sentBack']),
});

/** A signed link to an unpublished article's preview, valid 7 days (DECISIONS.md §11). */
export const PreviewLinkSchema = z.object({ url: z.string(), expiresAt: isoDate });

export const LatestQuerySchema = limitOnly(3);
export const RandomQuerySchema = z.object({
  limit: limitOnly(3).shape.limit,
  /** Our addition: leave this article out (the article page's own). */
  exclude: IdSchema.optional(),
});
export const ByCategoryQuerySchema = z.object({
  categoryId: IdSchema.optional(),
  limit: limitOnly(3).shape.limit,
});
export const CategoryDetailQuerySchema = pagination(9).extend({ categoryId: IdSchema });
export const AdminArticleQuerySchema = pagination(10, 1000).extend({
  /** Our addition: only articles whose title has these words (the reader search's matching). */
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, says('search.query_too_long', { maximum: SEARCH_QUERY_MAX }))
    .optional(),
  /* Our additions (issue 9 item 6); absent, the list is what it always was. */
  status: z
    .enum(
      ADMIN_STATUS_FILTERS,
      says('validation.one_of', { field: 'status', values: ADMIN_STATUS_FILTERS }),
    )
    .optional(),
  categoryId: IdSchema.optional(),
  authorId: IdSchema.optional(),
  language: LanguageSchema.optional(),
  /** Our addition (issue 65): only stories in this edition (primary or not). */
  edition: IdSchema.optional(),
  sort: z
    .enum(ADMIN_SORTS, says('validation.one_of', { field: 'sort', values: ADMIN_SORTS }))
    .default(ADMIN_DEFAULT_SORT),
});
export type AdminArticleQuery = z.infer<typeof AdminArticleQuerySchema>;

export const CategoryDetailSchema = z.object({
  articles: z.array(ArticleCardSchema),
  totalArticles: z.number(),
  ...pageFields,
});
export const AdminArticleListSchema = z.object({
  articles: z.array(AdminArticleRowSchema),
  ...pageFields,
  totalArticles: z.number(),
  ...estimatedField,
});
export const NewUrlSchema = z.object({ newUrl: z.string() });

/**
 * `POST /api/articles/editions` (editors and up; issue 65): put the selected stories in an
 * edition (`add`), take them out of one (`remove`), or both. Ids that name no story are
 * passed over; a story taken out of its primary edition gets another (its first left, or
 * national).
 */
export const BulkEditionsSchema = z
  .object({
    ids: z
      .array(IdSchema)
      .min(1, says('validation.required', { field: 'ids' }))
      .max(200),
    add: IdSchema.optional(),
    remove: IdSchema.optional(),
  })
  .refine((b) => b.add !== undefined || b.remove !== undefined, {
    ...says('validation.required', { field: 'add' }),
    path: ['add'],
  });
export type BulkEditions = z.infer<typeof BulkEditionsSchema>;
