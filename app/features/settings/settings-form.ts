import { z } from 'zod';
import { AdsSettingsSchema } from '../../../common/schemas/ads';
import { OidcSettingsSchema } from '../../../common/schemas/sso';
import { AnalyticsSettingsSchema } from '../../../common/schemas/analytics';
import { CommentSettingsSchema } from '../../../common/schemas/comments';
import { issueSays } from '../../../common/refusals/schema-refusals';
import { SiteSettingsSchema, type SiteSettings } from '../../../common/settings';
import { adSlotsText, parseAdSlots } from './ad-slots-text';

/** The home sections are typed as one text of slugs, in order, comma separated. */
const slugList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A text of one entry a line, blank lines left out. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The /admin/settings form: the server's SiteSettingsSchema, the slug list as one text. */
export const SettingsFormSchema = SiteSettingsSchema.extend({
  homeSectionSlugs: z.string().transform(slugList).pipe(SiteSettingsSchema.shape.homeSectionSlugs),
  // A select's value is text.
  latestCount: z.coerce.number().pipe(SiteSettingsSchema.shape.latestCount),
  // The ad slots are typed as lines of text (ad-slots-text.ts).
  ads: z.object({
    ...AdsSettingsSchema.shape,
    slots: z
      .string()
      .transform((text, ctx) => {
        const read = parseAdSlots(text);
        if ('slots' in read) return read.slots;
        ctx.addIssue({
          code: 'custom',
          ...issueSays('settings.ads_slots_format', { line: read.badLine }),
        });
        return z.NEVER;
      })
      .pipe(AdsSettingsSchema.shape.slots),
  }),
  // Single sign-on: the domains typed as one text; the secret written only when typed.
  oidc: OidcSettingsSchema.extend({
    allowedDomains: z.string().transform(slugList).pipe(OidcSettingsSchema.shape.allowedDomains),
    clientSecret: z.string().trim().max(500),
  }),
  // A number input's value is text.
  meter: z.object({
    freePerMonth: z.coerce.number().pipe(SiteSettingsSchema.shape.meter.shape.freePerMonth),
    wall: SiteSettingsSchema.shape.meter.shape.wall,
  }),
  analytics: z.object({
    retentionDays: z.coerce.number().pipe(AnalyticsSettingsSchema.shape.retentionDays),
    mostReadHours: z.coerce.number().pipe(AnalyticsSettingsSchema.shape.mostReadHours),
    mostReadOnHome: AnalyticsSettingsSchema.shape.mostReadOnHome,
  }),
  // Comments: numbers typed as text, blocked words one a line.
  comments: CommentSettingsSchema.extend({
    maxLinks: z.coerce.number().pipe(CommentSettingsSchema.shape.maxLinks),
    closeAfterDays: z.coerce.number().pipe(CommentSettingsSchema.shape.closeAfterDays),
    minAccountAgeMinutes: z.coerce.number().pipe(CommentSettingsSchema.shape.minAccountAgeMinutes),
    blockedWords: z.string().transform(lines).pipe(CommentSettingsSchema.shape.blockedWords),
  }),
});
export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

export const toSettingsForm = (settings: SiteSettings): SettingsFormValues => ({
  ...settings,
  homeSectionSlugs: settings.homeSectionSlugs.join(', '),
  ads: { ...settings.ads, slots: adSlotsText(settings.ads.slots) },
  meter: { ...settings.meter, freePerMonth: String(settings.meter.freePerMonth) },
  oidc: {
    ...settings.oidc,
    allowedDomains: settings.oidc.allowedDomains.join(', '),
    clientSecret: '',
  },
  analytics: {
    ...settings.analytics,
    retentionDays: String(settings.analytics.retentionDays),
    mostReadHours: String(settings.analytics.mostReadHours),
  },
  comments: {
    ...settings.comments,
    maxLinks: String(settings.comments.maxLinks),
    closeAfterDays: String(settings.comments.closeAfterDays),
    minAccountAgeMinutes: String(settings.comments.minAccountAgeMinutes),
    blockedWords: settings.comments.blockedWords.join('\n'),
  },
});
