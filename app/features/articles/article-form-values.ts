import { z } from 'zod';
import type { ArticleStatus, Language } from '../../../common/articles';
import { ArticleInputSchema, type Article } from '../../../common/schemas/articles';

/** What the article form edits: one text per field, '' for "not chosen". */
export interface ArticleFormValues {
  name: string;
  slug: string;
  author: string;
  category: string;
  imageUrl: string;
  metaTitle: string;
  metaKeywords: string;
  metaDescription: string;
  description: string;
  status: ArticleStatus;
  language: '' | Language;
  /** The linked translation's id; '' for none. */
  translationId: string;
}

/** A new article, by the signed-in user, published on save (as the original did). */
export const emptyArticleForm = (authorId: string): ArticleFormValues => ({
  name: '',
  slug: '',
  author: authorId,
  category: '',
  imageUrl: '',
  metaTitle: '',
  metaKeywords: '',
  metaDescription: '',
  description: '',
  status: 'published',
  language: '',
  translationId: '',
});

export const articleToForm = (a: Article): ArticleFormValues => ({
  name: a.name,
  slug: a.slug,
  author: a.author?._id ?? '',
  category: a.category?._id ?? '',
  imageUrl: a.imageUrl,
  metaTitle: a.metaTitle,
  metaKeywords: a.metaKeywords,
  metaDescription: a.metaDescription,
  description: a.description,
  status: a.status,
  language: a.language,
  translationId: a.translationId ?? '',
});

/**
 * The create/update body (SPEC.md §7 plus status, language and translation). Choices left
 * empty are left out, so the server decides: a slug from the title, the signed-in author, the language
 * from the text.
 */
export function articleBody(v: ArticleFormValues): z.input<typeof ArticleInputSchema> {
  return {
    name: v.name,
    ...(v.slug ? { slug: v.slug } : {}),
    ...(v.author ? { author: v.author } : {}),
    category: v.category,
    imageUrl: v.imageUrl,
    description: v.description,
    metaTitle: v.metaTitle,
    metaDescription: v.metaDescription,
    metaKeywords: v.metaKeywords,
    status: v.status,
    ...(v.language ? { language: v.language } : {}),
    // Always sent: the form shows the link as stored, so '' means "no translation".
    translationId: v.translationId || null,
  };
}

/**
 * The form is checked by the server's own ArticleInputSchema, applied to the body it sends;
 * the body's field names are the form's, so every message lands on its field.
 */
export const ArticleFormSchema = z
  .custom<ArticleFormValues>()
  .transform(articleBody)
  .pipe(ArticleInputSchema);

/** Whether `values` differ from `saved` in any field (the form has unsaved changes). */
export function differs(values: Partial<ArticleFormValues>, saved: Partial<ArticleFormValues>) {
  return (Object.keys({ ...saved, ...values }) as (keyof ArticleFormValues)[]).some(
    (key) => (values[key] ?? '') !== (saved[key] ?? ''),
  );
}
