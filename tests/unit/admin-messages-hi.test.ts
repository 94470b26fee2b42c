/*
 * The refusals the newsroom meets in the back office, said in Hindi by their codes when the
 * interface is (app/copy/refusals.hi.ts, DECISIONS.md §18, §22): toasts after a save, a
 * publish, a review move, a category or role change, and the shared schemas' words under the
 * form fields. Taken from where the server and the schemas make them, so a refusal that lost
 * its code (or whose code lost its text) fails here instead of showing English or the generic
 * sentence.
 */
import { describe, expect, it } from 'vitest';
import { adminInterfaceFor } from '../../app/copy/admin-language';
import type { Said } from '../../app/copy/refusals';
import {
  ArticleFormSchema,
  emptyArticleForm,
} from '../../app/features/articles/article-form-values';
import { SettingsFormSchema } from '../../app/features/settings/settings-form';
import { codeZodIssues } from '../../common/refusals/schema-refusals';
import { ArticleInputSchema, ArticleStatusChangeSchema } from '../../common/schemas/article-input';
import { BreakingInputSchema } from '../../common/schemas/breaking';
import { CategoryInputSchema } from '../../common/schemas/categories';
import { LiveEntryInputSchema, LiveEntryUpdateSchema } from '../../common/schemas/live';
import { PushAlertInputSchema } from '../../common/schemas/push';
import { RoleChangeSchema } from '../../common/schemas/users';
import { DEFAULT_SETTINGS, SiteSettingsSchema } from '../../common/settings';
import {
  AppError,
  badRequest,
  conflict,
  fieldError,
  forbidden,
  notFound,
  refusedFor,
} from '../../server/lib/errors';
import { REVIEW_REFUSAL } from '../../server/modules/newsroom/status-moves';

const issues = (schema: { safeParse: (v: unknown, ctx?: object) => unknown }, value: unknown) => {
  const result = schema.safeParse(value, { error: codeZodIssues }) as {
    error?: { issues: { message: string; refusal?: { code: string } }[] };
  };
  return (result.error?.issues ?? []).map((i): Said => ({
    message: i.message,
    ...(i.refusal ?? {}),
  }));
};
const answered = (error: AppError): Said => ({
  message: error.message,
  code: error.code,
  params: error.params,
  errors: error.errors,
});

/** What an author, an editor or an administrator can be told in the back office. */
const deskRefusals: Said[] = [
  // Articles: saves, publishing, review, schedules, translations, history, previews.
  answered(conflict('article.stale')),
  answered(forbidden('article.review_required')),
  answered(fieldError('body.imageUrl', 'article.image_to_publish')),
  answered(notFound('article.not_found')),
  answered(notFound('revision.not_found')),
  answered(fieldError('body.publishedAt', 'article.time_needs_publish')),
  answered(forbidden('article.note_forbidden')),
  answered(conflict('article.no_free_slug')),
  answered(new AppError('article.slug_taken', { slug: 'khel' })),
  answered(forbidden('article.byline_forbidden')),
  answered(
    fieldError('body.translationId', 'article.translation_same_language', { language: 'en' }),
  ),
  answered(fieldError('body.language', 'article.language_in_group', { language: 'mr' })),
  answered(fieldError('body.description', 'article.description_too_slow', { seconds: 2.5 })),
  answered(
    refusedFor('revision.not_restorable', [
      {
        path: ['name'],
        message: 'name is required',
        refusal: { code: 'validation.required', params: { field: 'name' } },
      } as never,
    ]),
  ),
  ...issues(ArticleInputSchema, { name: '', category: 'x', status: 'live', language: 'fr' }),
  ...issues(ArticleInputSchema, {
    name: 'n'.repeat(301),
    category: '00000000-0000-4000-8000-000000000000',
    imageUrl: 'http://example.com/a.jpg',
    publishedAt: 'tomorrow',
    metaTitle: 'm'.repeat(301),
    liveBlog: 'yes',
    tags: ['', '!!!'],
  }),
  ...issues(ArticleFormSchema, { ...emptyArticleForm(''), name: '' }),
  ...issues(ArticleStatusChangeSchema, { status: 'gone', note: 'n'.repeat(2001) }),
  // Categories.
  answered(conflict('category.has_articles', { name: 'खेल', count: 1 })),
  answered(conflict('category.has_articles', { name: 'खेल', count: 12 })),
  answered(conflict('category.feeds_home', { name: 'खेल', setting: 'homeSectionSlugs' })),
  answered(fieldError('body.slug', 'category.slug_uncategorised', { slug: 'uncategorised' })),
  ...issues(CategoryInputSchema, { name: '', description: '', isHome: 'no' }),
  ...issues(CategoryInputSchema, { name: 'n'.repeat(101), description: 'd'.repeat(2001) }),
  // Users and roles.
  answered(conflict('user.last_admin')),
  answered(forbidden('auth.role_required', { role: 'administrator' })),
  ...issues(RoleChangeSchema, { role: 'king' }),
  // Settings: the shared schema's own words, and zod's where it has none.
  answered(fieldError('body.homeSectionSlugs', 'settings.category_unknown', { slugs: ['khel'] })),
  ...issues(SiteSettingsSchema, {
    siteName: '',
    shortName: 's'.repeat(31),
    headerImageUrl: 'ftp://x',
    logoUrl: 'https://elsewhere/logo.png',
    shareImageUrl: 'x',
    twitterSite: 'patrika',
    homeSectionSlugs: ['a', 'b', 'c', 'd', 'e', 'f', 'Not A Slug'],
    contactEmail: 'nope',
    contactPhone: '',
    contactAddress: '',
    mapLocation: '',
    social: { facebook: 'ftp://x', x: '', instagram: '', youtube: '' },
    uiLanguage: 'hi',
    homeLayout: 'news',
    authorsNeedReview: false,
    feedFullText: false,
    timeZone: 'Mars/Olympus',
  }),
  ...issues(SettingsFormSchema, { ...DEFAULT_SETTINGS, homeSectionSlugs: 'a, b, c, d, e, f, g' }),
  // Images.
  answered(badRequest('media.too_many_pixels', { megapixels: 50, width: 9000, height: 9000 })),
  answered(badRequest('media.side_too_long', { maximum: 12_000, width: 13_000, height: 100 })),
  answered(conflict('media.in_use', { articles: 2, settings: ['logoUrl'] })),
  // The breaking-news band, news alerts, live blogs.
  ...issues(BreakingInputSchema, { text: '' }),
  ...issues(BreakingInputSchema, { text: 't'.repeat(201), expiresAt: 'soon' }),
  ...issues(PushAlertInputSchema, { articleId: 'x', title: 't'.repeat(151) }),
  ...issues(LiveEntryInputSchema, { body: '' }),
  ...issues(LiveEntryUpdateSchema, {}),
];

describe('the back office’s refusals in Hindi', () => {
  const hi = adminInterfaceFor('hi');

  it('codes every refusal the newsroom can meet', () => {
    expect(deskRefusals.length).toBeGreaterThan(60);
    expect(deskRefusals.filter((r) => !r.code).map((r) => r.message)).toEqual([]);
  });

  it('says each in Devanagari, with no run of English words, and not as the generic failure', () => {
    for (const refusal of deskRefusals) {
      const said = hi.say(refusal);
      expect(said, refusal.message).toMatch(/[\u0900-\u097f]/);
      expect(said, refusal.message).not.toBe(hi.t.error.title);
      expect(said, `${refusal.message} → ${said}`).not.toMatch(/\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/);
    }
    expect(hi.say(answered(forbidden('article.review_required')))).toBe(
      'इस साइट पर संपादक प्रकाशित करते हैं: इसके बजाय लेख समीक्षा के लिए भेजें।',
    );
    expect(
      hi.say(answered(conflict('category.has_articles', { name: 'खेल', count: 12 }))),
    ).toContain('12 लेख हैं');
    expect(hi.say(answered(forbidden('auth.role_required', { role: 'editor' })))).toContain(
      'संपादक',
    );
    // A composed refusal says its reasons in Hindi too.
    expect(
      hi.say(
        answered(
          refusedFor('revision.not_restorable', [
            {
              path: ['name'],
              message: 'name is required',
              refusal: { code: 'validation.required', params: { field: 'name' } },
            } as never,
          ]),
        ),
      ),
    ).toBe('यह संशोधन जैसा है वैसा बहाल नहीं हो सकता: नाम ज़रूरी है।');
  });

  it('leaves the English back office’s messages as the API sent them', () => {
    const en = adminInterfaceFor('en');
    for (const refusal of deskRefusals) expect(en.say(refusal)).toBe(refusal.message);
    expect(en.say(answered(forbidden('article.review_required')))).toBe(REVIEW_REFUSAL);
  });
});
