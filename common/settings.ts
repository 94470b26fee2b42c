import { z } from 'zod';
import { LANGUAGES, type Language } from './languages';
import { hasRole, type Role } from './roles';
import { says } from './refusals/schema-refusals';
import { SLUG_PATTERN } from './slug';
import { isTimeZone } from './time-zone';
import { AdsSettingsSchema, AdsTxtSchema, DEFAULT_ADS } from './schemas/ads';
import { DEFAULT_OIDC, OidcSettingsSchema } from './schemas/sso';
import { AnalyticsSettingsSchema, DEFAULT_ANALYTICS_SETTINGS } from './schemas/analytics';
import { CommentSettingsSchema, DEFAULT_COMMENT_SETTINGS } from './schemas/comments';

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), says('settings.http_address'));

/**
 * The languages the public interface speaks (DECISIONS.md §12): every registered language
 * (common/languages.ts; its texts are app/copy/language.tsx's, docs/decisions/041).
 */
export const UI_LANGUAGES = LANGUAGES;
export type UiLanguage = Language;

/**
 * The home page's layouts (issue 25 item 5, docs/decisions/033): `magazine` is SPEC.md's home
 * and the default; `news` is a front page for a news day (a lead story, a dated Latest list,
 * then the home sections).
 */
export const HOME_LAYOUTS = ['magazine', 'news'] as const;
export type HomeLayout = (typeof HOME_LAYOUTS)[number];

/** A fediverse handle: what Mastodon accepts in a username (letters, digits, underscores). */
export const FEDIVERSE_HANDLE_PATTERN = /^[a-z0-9_]{1,30}$/;
/**
 * Who must sign in with a second factor (issue 40 item 3, docs/decisions/052b): nobody, editors
 * and administrators, or all staff (authors and up). Such a person without one is led to set it
 * up, and no back-office page or write call answers them until they have.
 */
export const TWO_FACTOR_POLICIES = ['none', 'editors', 'staff'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
const POLICY_MINIMUM: Record<Exclude<TwoFactorPolicy, 'none'>, Role> = {
  editors: 'editor',
  staff: 'author',
};
/** Whether `policy` asks a person of `role` for a second factor. */
export const secondFactorRequired = (policy: TwoFactorPolicy, role: Role) =>
  policy !== 'none' && hasRole(role, POLICY_MINIMUM[policy]);

/** Site settings administrators edit in /admin/settings (DECISIONS.md §8). */
/** The bounds of the `latestCount` setting. */
export const LATEST_COUNT_MIN = 3;
export const LATEST_COUNT_MAX = 20;

/** What the metered wall asks for (issue 39 item 2). */
export const METER_WALLS = ['registration', 'subscription'] as const;
/** The most free stories a month the meter may allow before its wall. */
export const METER_MAX_FREE = 100;

export const SiteSettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80),
  /** Prefix of every page title (SPEC.md §2 "prefixed with a short site name"). */
  shortName: z.string().trim().min(1).max(30),
  headerImageUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || v.startsWith('/') || /^https:\/\//i.test(v),
      says('settings.path_or_https'),
    ),
  /**
   * A square image uploaded here (`/media/…`): the browser and home-screen icons and the web
   * manifest's icons are made from it (issue 12). Empty: the built-in icon.
   */
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^\/media\/[^\s]+$/.test(v), says('settings.uploaded_image')),
  /**
   * The image social networks show for a page that has none of its own (issue 12 item 5): an
   * upload here, so its size is known. Empty: the square logo.
   */
  shareImageUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^\/media\/[^\s]+$/.test(v), says('settings.uploaded_image')),
  /** The site's X (Twitter) account, "@name", for `twitter:site`; empty for none. */
  twitterSite: z
    .string()
    .trim()
    .refine((v) => v === '' || /^@[A-Za-z0-9_]{1,15}$/.test(v), says('settings.x_account')),
  /** Category slugs of the home sections after "Latest Stories", in order. */
  homeSectionSlugs: z.array(z.string().regex(SLUG_PATTERN)).max(6),
  contactEmail: z.union([z.literal(''), z.email().max(200)]),
  contactPhone: z.string().trim().max(40),
  contactAddress: z.string().trim().max(300),
  /** What the footer map shows: a place name or "lat,lng". */
  mapLocation: z.string().trim().max(200),
  /**
   * The public interface's language: `en` keeps SPEC.md's texts verbatim, `hi` speaks Hindi
   * (issue 10 item 6). Articles keep their own language whichever it is.
   */
  uiLanguage: z.enum(UI_LANGUAGES),
  /**
   * No `.default()` here: a PUT is partial, and a default inside it would put `magazine` back
   * on every save that leaves the key out. A stored site without the key reads the default
   * (`resolveSettings`), so the original client, which never sends it, keeps working.
   */
  homeLayout: z.enum(HOME_LAYOUTS),
  /**
   * How many of the newest stories the news home lists beside its lead (issue 45 item 3).
   * SPEC.md's magazine home keeps its three (SPEC.md §9).
   */
  latestCount: z.number().int().min(LATEST_COUNT_MIN).max(LATEST_COUNT_MAX),
  social: z.object({
    facebook: httpsUrl,
    x: httpsUrl,
    instagram: httpsUrl,
    youtube: httpsUrl,
  }),
  /**
   * DECISIONS.md §11: when on, the server refuses an author's publish or schedule (403) and
   * the form offers only Submit for review; editors and administrators publish.
   */
  authorsNeedReview: z.boolean(),
  /**
   * Feeds carry each article's whole sanitised body in `content:encoded` (issue 12 item 7);
   * off, they carry the excerpt only, and readers come to the site for the rest.
   */
  feedFullText: z.boolean(),
  /** The IANA zone in which times are shown and entered (stored in UTC). */
  timeZone: z.string().trim().max(64).refine(isTimeZone, says('settings.time_zone')),
  /** How many days the audit trail keeps its entries (issue 40 item 6); a daily job trims. */
  auditRetentionDays: z.number().int().min(30).max(3650),
  /**
   * The site and its authors as fediverse actors (issue 41 item 4, docs/decisions/054): off,
   * WebFinger and the actors answer 404 and nothing is sent. `handle` is the site's name in
   * `@handle@host` (authors go by their page's slug); `fullText` sends whole stories, else the
   * summary and a link.
   */
  fediverse: z.object({
    enabled: z.boolean(),
    handle: z.string().trim().regex(FEDIVERSE_HANDLE_PATTERN, says('settings.fediverse_handle')),
    fullText: z.boolean(),
  }),
  /** Who must use a second factor (TWO_FACTOR_POLICIES above; issue 40 item 3). */
  twoFactorRequired: z.enum(TWO_FACTOR_POLICIES),
  /** Single sign-on through OpenID Connect (common/schemas/sso.ts; issue 40 item 4). */
  oidc: OidcSettingsSchema,
  /**
   * Ads (issue 39 item 1, docs/decisions/058): the provider and its slots. `none`, the
   * default, puts nothing of ads on any page.
   */
  ads: AdsSettingsSchema,
  /** `/ads.txt` and `/app-ads.txt` (IAB Tech Lab), served as set; empty: 404. */
  adsTxt: AdsTxtSchema,
  appAdsTxt: AdsTxtSchema,
  /**
   * The metered wall (issue 39 item 2): an anonymous reader reads `freePerMonth` stories a
   * month in full, then sees a wall asking them to sign in (`registration`, free) or to become
   * a member (`subscription`). 0: no meter. Counted in the reader's browser, never by the
   * server, so every article page stays the same bytes for everyone and stays cached.
   */
  meter: z.object({
    freePerMonth: z.number().int().min(0).max(METER_MAX_FREE),
    wall: z.enum(METER_WALLS),
  }),
  /** First-party analytics (issue 38): raw events' retention and readers' "Most read". */
  analytics: AnalyticsSettingsSchema,
  /** Readers' comments and the rules that hold one for a moderator (issue 42, DECISIONS.md §24). */
  comments: CommentSettingsSchema,
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/**
 * A fresh site's settings. Contact details, the map and social links start empty: a visitor
 * never sees placeholders, only what an administrator filled in (issue 14 item 4).
 */
export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'Patrika — पत्रिका',
  shortName: 'Patrika',
  headerImageUrl: '',
  logoUrl: '',
  shareImageUrl: '',
  twitterSite: '',
  homeSectionSlugs: ['editors-choice', 'apna-gyaan', 'parenting'],
  contactEmail: '',
  contactPhone: '',
  contactAddress: '',
  mapLocation: '',
  uiLanguage: 'en',
  homeLayout: 'magazine',
  latestCount: 6,
  social: { facebook: '', x: '', instagram: '', youtube: '' },
  authorsNeedReview: false,
  feedFullText: false,
  timeZone: 'Asia/Kolkata',
  auditRetentionDays: 365,
  fediverse: { enabled: false, handle: 'site', fullText: false },
  twoFactorRequired: 'none',
  oidc: DEFAULT_OIDC,
  ads: DEFAULT_ADS,
  adsTxt: '',
  appAdsTxt: '',
  meter: { freePerMonth: 0, wall: 'registration' },
  analytics: DEFAULT_ANALYTICS_SETTINGS,
  comments: DEFAULT_COMMENT_SETTINGS,
};

/** The setting that names the categories feeding the home sections. */
export const HOME_SECTIONS_SETTING = 'homeSectionSlugs' satisfies keyof SiteSettings;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Each stored value that still validates, key by key (nested objects too), else its default. */
function keepValid<T extends Record<string, unknown>>(
  shape: Record<string, z.ZodType>,
  stored: unknown,
  defaults: T,
): T {
  const saved = isRecord(stored) ? stored : {};
  const entries = Object.entries(defaults).map(([key, fallback]) => {
    const schema = shape[key];
    if (schema instanceof z.ZodObject && isRecord(fallback))
      return [key, keepValid(schema.shape, saved[key], fallback)];
    const parsed = schema?.safeParse(saved[key]);
    return [key, parsed?.success ? parsed.data : fallback];
  });
  return Object.fromEntries(entries) as T;
}

/**
 * Stored settings over the defaults. A stored value that no longer validates (a rule tightened
 * since it was saved) falls back alone: the site keeps every other setting its operator chose.
 */
export function resolveSettings(stored: unknown): SiteSettings {
  return keepValid(SiteSettingsSchema.shape, stored, DEFAULT_SETTINGS);
}
