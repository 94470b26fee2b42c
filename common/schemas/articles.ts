import { z } from 'zod';
import { CommentsOpenSchema } from './comments';
import { ARTICLE_STATUSES, CROP_RATIOS, LANGUAGES } from '../articles';
import { ARTICLE_ACCESS } from '../article-access';
import { htmlShape } from '../html-shape';
import { englishOf } from '../refusals/catalogue';
import { issueSays, says } from '../refusals/schema-refusals';
import { text } from './common';

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
