/*
 * The article's texts are listed once (ArticleTextsSchema, issue 22 item 2): the form's values,
 * the body it sends, a revision's snapshot, a restore and the save's update set all take them
 * from that list. Each text gets a value of its own here, so a field one of them drops or
 * swaps fails by name.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  articleBody,
  articleToForm,
  revisionToForm,
} from '../../app/features/articles/article-form-values';
import {
  ARTICLE_TEXT_FIELDS,
  ArticleTextsSchema,
  textFieldsOf,
  type Article,
} from '../../common/schemas/articles';
import { ArticleInputSchema } from '../../common/schemas/article-input';
import { AutosaveInputSchema, RevisionContentSchema } from '../../common/schemas/revisions';
import { revisionContentOf, toArticle } from '../../server/modules/articles/article-rows';
import { valuesFrom } from '../../server/modules/articles/article-values';
import type { FullRow } from '../../server/modules/articles/articles-repository';
import { SLOW_TEST } from '../setup/timeouts';

/** A value per text that no other field shares (and that every field's rules accept). */
const valueOf = (field: string) =>
  field === 'imageUrl' ? `/media/${field}-1.webp` : field === 'slug' ? 'the-slug' : `<${field}>`;
const texts = Object.fromEntries(ARTICLE_TEXT_FIELDS.map((f) => [f, valueOf(f)])) as Record<
  (typeof ARTICLE_TEXT_FIELDS)[number],
  string
>;
// The body is HTML the sanitiser keeps as it is.
texts.description = '<p>description</p>';

const categoryId = '00000000-0000-4000-8000-000000000001';
const row = {
  ...texts,
  id: '00000000-0000-4000-8000-000000000002',
  bodyHead: texts.description,
  language: 'en',
  publishedAt: new Date('2026-11-01T00:00:00Z'),
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
  categoryId,
  categorySlug: 'news',
  categoryName: 'News',
  authorId: null,
  authorName: null,
  authorSlug: null,
  imageWidth: null,
  imageHeight: null,
  imageVariants: null,
  imageAvif: null,
  status: 'draft',
  reviewNote: '',
  legacyId: null,
  translationGroup: null,
  versions: [],
  tags: [],
  editions: ['00000000-0000-4000-8000-000000000065'],
  primaryEditionId: '00000000-0000-4000-8000-000000000065',
  coAuthors: [],
  views: 0,
  imageCrops: null,
} as unknown as FullRow;

const expectEveryText = (shape: Record<string, unknown>) => {
  for (const field of ARTICLE_TEXT_FIELDS) expect(shape[field], field).toBe(texts[field]);
};

describe("the article's texts, listed once", () => {
  it('the list is the schema of the texts, and the save body extends it', () => {
    expect([...ARTICLE_TEXT_FIELDS]).toEqual(Object.keys(ArticleTextsSchema.shape));
    for (const field of ARTICLE_TEXT_FIELDS) {
      expect(ArticleInputSchema.shape, field).toHaveProperty(field);
      expect(AutosaveInputSchema.shape, field).toHaveProperty(field);
      expect(RevisionContentSchema.shape, field).toHaveProperty(field);
    }
  });

  it('an article as answered, its form, the body the form sends, its revision and back', () => {
    const article: Article = toArticle(row, new Date('2026-11-02T00:00:00Z'));
    expectEveryText(article);
    const form = articleToForm(article);
    expectEveryText(form);
    expectEveryText(articleBody(form));
    const snapshot = revisionContentOf(row);
    expectEveryText(snapshot);
    expectEveryText(RevisionContentSchema.parse(snapshot));
    expectEveryText(revisionToForm(snapshot));
  });

  // Cleaning runs on a worker thread, which starts slowly on a busy machine.
  it("the save's update set", SLOW_TEST, async () => {
    const input = ArticleInputSchema.parse({ ...texts, category: categoryId });
    const values = await valuesFrom(
      {
        clock: { now: () => new Date() },
        categories: {
          byId: async (id) => ({ _id: id, slug: 'news' }),
          currentSlugFor: async () => undefined,
          childIds: async () => [],
        },
        users: { canWrite: async () => true },
        media: { idForUrl: async () => null },
      },
      { id: 'me', name: 'Me', email: 'me@example.com', role: 'editor' },
      input,
      { slug: texts.slug, bylines: [] },
    );
    expectEveryText(values);
  });

  it('a field added to the list is carried by every shape made from it', () => {
    const Extended = ArticleTextsSchema.extend({ subtitle: z.string().default('') });
    const extended = textFieldsOf(Extended.keyof().options);
    expect(extended.fields).toContain('subtitle');
    expect(extended.pick({ subtitle: 'A deck', name: 'Title' })).toMatchObject({
      subtitle: 'A deck',
      name: 'Title',
      slug: '',
    });
    expect(extended.empty()).toHaveProperty('subtitle', '');
    expect(extended.storedSchema().parse({})).toHaveProperty('subtitle', '');
    expect(extended.stringsSchema().shape).toHaveProperty('subtitle');
  });
});
