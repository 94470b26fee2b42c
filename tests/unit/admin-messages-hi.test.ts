/*
 * The API's messages the newsroom meets in the back office, said in Hindi when the interface is
 * (app/copy/server-messages.hi.ts, DECISIONS.md §18): toasts after a save, a publish, a review
 * move, a category or role change, and the shared schemas' messages under the form fields.
 * Taken from where the server and the schemas make them, so a reworded message that the table
 * no longer knows fails here instead of showing the generic sentence.
 */
import { describe, expect, it } from 'vitest';
import { adminInterfaceFor } from '../../app/copy/admin-language';
import { knowsServerMessage } from '../../app/copy/server-messages.hi';
import {
  ArticleFormSchema,
  emptyArticleForm,
} from '../../app/features/articles/article-form-values';
import { SettingsFormSchema } from '../../app/features/settings/settings-form';
import {
  ArticleInputSchema,
  ArticleStatusChangeSchema,
  IMAGE_TO_PUBLISH,
} from '../../common/schemas/articles';
import { BreakingInputSchema } from '../../common/schemas/breaking';
import { CategoryInputSchema } from '../../common/schemas/categories';
import { LiveEntryInputSchema, LiveEntryUpdateSchema } from '../../common/schemas/live';
import { PushAlertInputSchema } from '../../common/schemas/push';
import { RoleChangeSchema } from '../../common/schemas/users';
import { DEFAULT_SETTINGS, SiteSettingsSchema } from '../../common/settings';
import { forbidden, notFound } from '../../server/lib/errors';
import { REVIEW_REFUSAL } from '../../server/modules/newsroom/status-moves';
import {
  TRANSLATION_NOT_YOURS,
  TRANSLATION_STILL_PUBLISHED,
} from '../../server/modules/articles/article-values';
import { NOT_LIVE } from '../../server/modules/live/live-service';
import { UPLOADS_BUSY } from '../../server/modules/media/media-routes';
import { MEDIA_STORAGE_FULL } from '../../server/modules/media/media-storage';
import { PASSWORD_SET } from '../../server/modules/users/users-service';
import { DATABASE_AWAY } from '../../server/plugins/errors';

const issues = (schema: { safeParse: (v: unknown) => unknown }, value: unknown): string[] => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
};

const STALE =
  'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.';

/** What an author, an editor or an administrator can be told in the back office. */
const deskMessages = [
  // Articles: saves, publishing, review, schedules, translations, history, previews.
  STALE,
  REVIEW_REFUSAL,
  IMAGE_TO_PUBLISH,
  'Article not found.',
  'Revision not found.',
  'A time goes only with publishing or scheduling.',
  'A note goes only with sending an article back to draft.',
  'Only editors and administrators send an article back with a note.',
  'This preview link has expired, or its article was deleted.',
  'Could not find a free slug; give one.',
  'The slug needs Latin letters or digits.',
  'Only editors and administrators can set a publication date in the past.',
  'The category does not exist.',
  'Authors can publish only under their own name.',
  'The author must be a user who can write.',
  'An article cannot be its own translation.',
  'The translation does not exist.',
  TRANSLATION_NOT_YOURS,
  TRANSLATION_STILL_PUBLISHED,
  'The translation must be in the other language: both are Hindi.',
  'The translation must be in the other language: both are English.',
  'Another article already uses this slug. Choose another one.',
  'Authors can change and delete only their own articles.',
  'description is too long once cleaned (at most 200000 characters)',
  'description took too long to clean (over 2.5 s): simplify its markup',
  'This revision cannot be restored as it is: name is required; imageUrl must be an uploaded image or an https address.',
  ...issues(ArticleInputSchema, { name: '', category: 'x', status: 'live', language: 'fr' }),
  ...issues(ArticleInputSchema, {
    name: 'n'.repeat(301),
    category: '00000000-0000-4000-8000-000000000000',
    imageUrl: 'http://example.com/a.jpg',
    publishedAt: 'tomorrow',
    metaTitle: 'm'.repeat(301),
    liveBlog: 'yes',
  }),
  ...issues(ArticleFormSchema, { ...emptyArticleForm(''), name: '' }),
  ...issues(ArticleStatusChangeSchema, { status: 'gone', note: 'n'.repeat(2001) }),
  // Categories.
  'Category not found.',
  'Give the category a slug of Latin letters or digits.',
  '"uncategorised" is where articles without a category live; choose another slug, such as "uncategorised-news".',
  '"admin" is used by the site itself; choose another slug.',
  'A category named "खेल" already exists.',
  'A category with the slug "khel" already exists.',
  'Category "खेल" feeds a home section (setting "homeSectionSlugs"). Choose other home sections in Settings first.',
  'Category "खेल" still has 1 article. Move or delete it first.',
  'Category "खेल" still has 12 articles. Move or delete them first.',
  'Category "खेल" still has articles. Move or delete them first.',
  ...issues(CategoryInputSchema, { name: '', description: '', isHome: 'no' }),
  ...issues(CategoryInputSchema, { name: 'n'.repeat(101), description: 'd'.repeat(2001) }),
  // Users and roles.
  'No such user.',
  'The site needs at least one administrator: make someone else administrator first.',
  PASSWORD_SET,
  'This needs the editor role or higher.',
  'This needs the administrator role or higher.',
  ...issues(RoleChangeSchema, { role: 'king' }),
  // Settings.
  'No category has the slug "khel", "desh".',
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
  'Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.',
  'The file is not a readable image.',
  'The image is too large: at most 50 megapixels (this one is 9000×9000 pixels).',
  'The image is too large: at most 12,000 pixels on a side (this one is 13000×100 pixels).',
  'The image took too long to decode (over 10 s): save it again at a smaller size.',
  'The animation has too many frames: at most 1,000 (this one has 1,001).',
  UPLOADS_BUSY,
  'The image arrived too slowly (not all of it within 90 s): try again on a faster connection, or send a smaller file.',
  'No image received: send it in the field "file".',
  'Upload failed (502).',
  MEDIA_STORAGE_FULL,
  // The breaking-news band, news alerts, live blogs.
  'expiresAt must be in the future.',
  'No published article has this id.',
  'An alert went out a moment ago. Try again in 3 minutes.',
  NOT_LIVE,
  'Live update not found.',
  ...issues(BreakingInputSchema, { text: '' }),
  ...issues(BreakingInputSchema, { text: 't'.repeat(201), expiresAt: 'soon' }),
  ...issues(PushAlertInputSchema, { articleId: 'x', title: 't'.repeat(151) }),
  ...issues(LiveEntryInputSchema, { body: '' }),
  ...issues(LiveEntryUpdateSchema, {}),
  // Anywhere.
  DATABASE_AWAY,
  forbidden().message,
  notFound().message,
  'Please sign in again.',
  'No such API call: PUT /api/articles/x',
  '404 Not Found',
  '500 Internal Server Error',
];

describe('the back office’s server messages in Hindi', () => {
  const hi = adminInterfaceFor('hi');

  it('knows every message the newsroom can meet', () => {
    expect(deskMessages.length).toBeGreaterThan(60);
    expect(deskMessages.filter((m) => !knowsServerMessage(m))).toEqual([]);
  });

  it('says each in Devanagari, with no run of English words', () => {
    for (const message of deskMessages) {
      const said = hi.say(message);
      expect(said, message).toMatch(/[\u0900-\u097f]/);
      expect(said, `${message} → ${said}`).not.toMatch(/\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/);
    }
    expect(hi.say(REVIEW_REFUSAL)).toBe(
      'इस साइट पर संपादक प्रकाशित करते हैं: इसके बजाय लेख समीक्षा के लिए भेजें।',
    );
    expect(hi.say('Category "खेल" still has 12 articles. Move or delete them first.')).toContain(
      '12 लेख हैं',
    );
    expect(hi.say('This needs the editor role or higher.')).toContain('संपादक');
  });

  it('leaves the English back office’s messages as the API sent them', () => {
    const en = adminInterfaceFor('en');
    for (const message of deskMessages) expect(en.say(message)).toBe(message);
  });
});
