/*
 * Refusals of the newsroom's work: articles, their statuses, history and previews, tags,
 * search, live blogs, the breaking-news band and news alerts.
 */
import { LANGUAGE_REGISTRY, type Language } from '../languages';
import { minutes, type Detail, type Entry } from './define';

const languageName = (language: Language) => LANGUAGE_REGISTRY[language].englishName;

/** Who may write, change, delete, preview or tag an article: authors and up. */
const AUTHORS_ONLY = 'Only authors, editors and administrators can';

export const ARTICLES = {
  'article.not_found': { status: 404, en: 'Article not found.' },
  'article.legacy_unknown': { status: 404, en: 'No article has this old number.' },
  'article.old_number_invalid': { status: 400, en: 'Expected an old article number' },
  'article.slug_unknown': { status: 404, en: 'No article has this slug.' },
  'article.not_published': { status: 400, en: 'No published article has this id.' },
  'article.slug_taken': {
    status: 409,
    en: (p: { slug?: string }) =>
      p.slug === undefined
        ? 'Another article already uses this slug. Choose another one.'
        : `Another article already uses the slug "${p.slug}". Choose another one.`,
  },
  /** The slug field's part of `article.slug_taken`: which slug is free (issue 9 item 7). */
  'article.slug_in_use': {
    status: 409,
    detail: true,
    en: (p: { slug: string; free?: string }) =>
      p.free === undefined
        ? `Another article already uses "${p.slug}".`
        : `Another article already uses "${p.slug}". "${p.free}" is free.`,
  },
  'article.no_free_slug': { status: 409, en: 'Could not find a free slug; give one.' },
  'slug.needs_latin': { status: 400, en: 'The slug needs Latin letters or digits.' },
  'article.legacy_id_taken': { status: 409, en: 'Another article already has this legacyId.' },
  'article.stale': {
    status: 409,
    en: 'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.',
  },
  'article.legacy_id_forbidden': {
    status: 403,
    en: 'Only editors and administrators can set the old site’s number (legacyId).',
  },
  'article.past_date_forbidden': {
    status: 403,
    en: 'Only editors and administrators can set a publication date in the past.',
  },
  'article.write_forbidden': { status: 403, en: `${AUTHORS_ONLY} write articles.` },
  'article.change_forbidden': { status: 403, en: `${AUTHORS_ONLY} change articles.` },
  'article.delete_forbidden': { status: 403, en: `${AUTHORS_ONLY} delete articles.` },
  'article.preview_forbidden': { status: 403, en: `${AUTHORS_ONLY} preview articles.` },
  'article.tag_forbidden': { status: 403, en: `${AUTHORS_ONLY} tag articles.` },
  'article.not_own': {
    status: 403,
    en: 'Authors can change and delete only their own articles.',
  },
  'article.byline_forbidden': { status: 403, en: 'Authors can publish only under their own name.' },
  'article.review_required': {
    status: 403,
    en: 'On this site an editor publishes: submit the article for review instead.',
  },
  'article.author_not_first': { status: 400, en: 'author must be the first of authors.' },
  'article.author_cannot_write': { status: 400, en: 'The author must be a user who can write.' },
  'article.category_unknown': { status: 400, en: 'The category does not exist.' },
  'article.image_to_publish': {
    status: 400,
    en: 'imageUrl is required to publish or schedule: upload an image first',
  },
  'article.description_too_long': {
    status: 400,
    en: (p: { maximum: number }) =>
      `description is too long once cleaned (at most ${p.maximum} characters)`,
  },
  'article.description_too_slow': {
    status: 400,
    en: (p: { seconds: number }) =>
      `description took too long to clean (over ${p.seconds} s): simplify its markup`,
  },
  'article.language_in_group': {
    status: 400,
    en: (p: { language: Language }) =>
      `The story already has a ${languageName(p.language)} version among its translations: choose another language, or leave its translations first (translationId: null).`,
  },
  'article.translation_self': { status: 400, en: 'An article cannot be its own translation.' },
  'article.translation_not_yours': {
    status: 403,
    en: 'The story already has a version in this language by another writer: only its writers or an editor can put this one in its place.',
  },
  'article.translation_still_published': {
    status: 409,
    en: 'The story’s version in this language is published: this one can take its place once it is published itself.',
  },
  'tag.change_forbidden': { status: 403, en: 'Only editors and administrators can change tags.' },
  'tag.address_taken': {
    status: 409,
    en: (p: { owner: string; name: string; slug: string }) =>
      `Another tag, "${p.owner}", already has the address of "${p.name}" (/tag/${p.slug}).`,
  },
  'article.translation_unknown': { status: 400, en: 'The translation does not exist.' },
  'article.translation_same_language': {
    status: 400,
    en: (p: { language: Language }) =>
      `The translation must be in another language: both are ${languageName(p.language)}.`,
  },
  'article.time_needs_publish': {
    status: 400,
    en: 'A time goes only with publishing or scheduling.',
  },
  'article.note_needs_draft': {
    status: 400,
    en: 'A note goes only with sending an article back to draft.',
  },
  'article.note_forbidden': {
    status: 403,
    en: 'Only editors and administrators send an article back with a note.',
  },
  'revision.not_found': { status: 404, en: 'Revision not found.' },
  'revision.not_restorable': {
    status: 400,
    en: (_: undefined, details: readonly Detail[]) =>
      `This revision cannot be restored as it is: ${details.map((d) => d.text).join('; ')}.`,
  },
  'preview.expired': {
    status: 404,
    outsideApi: true,
    en: 'This preview link has expired, or its article was deleted.',
  },
  // The shared schemas' own texts (common/schemas/articles.ts, revisions.ts, search.ts).
  'article.status_invalid': { status: 400, en: 'status must be draft, pending or published' },
  'article.access_invalid': { status: 400, en: 'access must be free, members or paid' },
  'article.image_url_invalid': {
    status: 400,
    en: 'imageUrl must be an uploaded image or an https address',
  },
  'article.too_many_html_tags': {
    status: 400,
    en: (p: { maximum: number }) => `description has too many HTML tags (at most ${p.maximum})`,
  },
  'article.html_too_deep': {
    status: 400,
    en: (p: { maximum: number }) =>
      `description nests HTML elements too deeply (at most ${p.maximum} levels)`,
  },
  'article.byline_not_id': { status: 400, en: 'each byline must be a user id' },
  'article.bylines_not_list': { status: 400, en: 'authors must be a list of user ids' },
  'article.too_many_bylines': {
    status: 400,
    en: (p: { maximum: number }) => `an article may have at most ${p.maximum} bylines`,
  },
  'tag.not_text': { status: 400, en: 'a tag must be text' },
  'tag.empty': { status: 400, en: 'a tag cannot be empty' },
  'tag.too_long': {
    status: 400,
    en: (p: { maximum: number }) => `a tag must be at most ${p.maximum} characters`,
  },
  'tag.no_address': {
    status: 400,
    en: 'a tag needs a letter or digit its address can be made of',
  },
  'article.tags_not_list': { status: 400, en: 'tags must be a list of texts' },
  'article.too_many_tags': {
    status: 400,
    en: (p: { maximum: number }) => `an article may have at most ${p.maximum} tags`,
  },
  'search.query_required': { status: 400, en: 'q is required: what to search for' },
  'search.query_empty': { status: 400, en: 'Type something to search for.' },
  'search.query_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `A search may be at most ${p.maximum} characters long.`,
  },
} as const satisfies Record<string, Entry>;

/** What the push schema's two keys are, in the texts that name them. */
const PUSH_KEYS = {
  p256dh: "the browser's P-256 public key, 65 bytes",
  auth: "the browser's authentication secret, 16 bytes",
} as const;
export type PushKey = keyof typeof PUSH_KEYS;

export const LIVE = {
  'live.not_live': {
    status: 409,
    en: 'This article is not a live blog: turn live coverage on (liveBlog: true) before adding updates.',
  },
  'live.entry_not_found': { status: 404, en: 'Live update not found.' },
  'live.body_empty': { status: 400, en: 'Write the update: body is empty.' },
  'live.body_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `An update may be at most ${p.maximum} characters.`,
  },
  'live.too_many_html_tags': {
    status: 400,
    en: (p: { maximum: number }) => `An update may have at most ${p.maximum} HTML tags.`,
  },
  'live.html_too_deep': {
    status: 400,
    en: (p: { maximum: number }) =>
      `An update may nest HTML elements at most ${p.maximum} levels deep.`,
  },
  'live.nothing_to_change': { status: 400, en: 'Give body, pinned or keyEvent to change.' },
  'breaking.text_required': { status: 400, en: 'text is required: what the band says' },
  'breaking.text_empty': { status: 400, en: 'Write what the band says.' },
  'breaking.text_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `The band may say at most ${p.maximum} characters.`,
  },
  'breaking.expiry_past': { status: 400, en: 'expiresAt must be in the future.' },
  'breaking.set_forbidden': { status: 403, en: 'Only editors and administrators set the band.' },
  'breaking.remove_forbidden': {
    status: 403,
    en: 'Only editors and administrators remove the band.',
  },
  'push.endpoint_not_https': { status: 400, en: 'endpoint must be an https: address' },
  'push.keys_required': { status: 400, en: 'keys is required: { p256dh, auth }' },
  'push.key_required': {
    status: 400,
    en: (p: { key: PushKey }) => `keys.${p.key} is required: ${PUSH_KEYS[p.key]}`,
  },
  'push.key_invalid': {
    status: 400,
    en: (p: { key: PushKey }) => `keys.${p.key} must be ${PUSH_KEYS[p.key]} (base64url)`,
  },
  'push.endpoint_no_address': { status: 400, en: 'The endpoint’s host has no address.' },
  'push.endpoint_private': {
    status: 400,
    en: 'The endpoint must be a public address, not a private or local one.',
  },
  'push.key_not_on_curve': {
    status: 400,
    en: 'keys.p256dh is not a point on the P-256 curve.',
  },
  'push.subscription_unknown': { status: 404, en: 'No subscription has this endpoint.' },
  'push.alert_not_found': { status: 404, en: 'No alert has this id.' },
  'push.alert_too_soon': {
    status: 429,
    en: (p: { minutes: number }) =>
      `An alert went out a moment ago. Try again in ${minutes(p.minutes)}.`,
  },
  'push.send_forbidden': { status: 403, en: 'Only editors and administrators send alerts.' },
  'push.alerts_forbidden': { status: 403, en: 'Only editors and administrators see alerts.' },
} as const satisfies Record<string, Entry>;
