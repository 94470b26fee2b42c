import { z } from 'zod';
import { SLUG_PATTERN } from './slug';

const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Must be an http(s) address or empty');

/** Site settings administrators edit in /admin/settings (DECISIONS.md §8). */
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
      'Must be a path on this site or an https address',
    ),
  /**
   * A square image uploaded here (`/media/…`): the browser and home-screen icons and the web
   * manifest's icons are made from it (issue 12). Empty: the built-in icon.
   */
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || /^\/media\/[^\s]+$/.test(v),
      'Must be the address of an image uploaded to this site (/media/…), or empty',
    ),
  /** Category slugs of the home sections after "Latest Stories", in order. */
  homeSectionSlugs: z.array(z.string().regex(SLUG_PATTERN)).max(6),
  contactEmail: z.union([z.literal(''), z.email().max(200)]),
  contactPhone: z.string().trim().max(40),
  contactAddress: z.string().trim().max(300),
  /** What the footer map shows: a place name or "lat,lng". */
  mapLocation: z.string().trim().max(200),
  social: z.object({
    facebook: httpsUrl,
    x: httpsUrl,
    instagram: httpsUrl,
    youtube: httpsUrl,
  }),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'Patrika — पत्रिका',
  shortName: 'Patrika',
  headerImageUrl: '',
  logoUrl: '',
  homeSectionSlugs: ['editors-choice', 'apna-gyaan', 'parenting'],
  contactEmail: 'contact@patrika.example',
  contactPhone: '',
  contactAddress: 'Malviya Nagar, Jaipur, Rajasthan 302017, India',
  mapLocation: 'Jaipur, Rajasthan, India',
  social: {
    facebook: 'https://www.facebook.com/',
    x: 'https://x.com/',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/',
  },
};

/** Stored settings over the defaults; a stored value that no longer validates falls back. */
export function resolveSettings(stored: unknown): SiteSettings {
  const merged = { ...DEFAULT_SETTINGS, ...(typeof stored === 'object' && stored ? stored : {}) };
  const parsed = SiteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}
