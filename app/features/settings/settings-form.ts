import { z } from 'zod';
import { SiteSettingsSchema, type SiteSettings } from '../../../common/settings';

/** The home sections are typed as one text of slugs, in order, comma separated. */
const slugList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The /admin/settings form: the server's SiteSettingsSchema, the slug list as one text. */
export const SettingsFormSchema = SiteSettingsSchema.extend({
  homeSectionSlugs: z.string().transform(slugList).pipe(SiteSettingsSchema.shape.homeSectionSlugs),
  // A select's value is text.
  latestCount: z.coerce.number().pipe(SiteSettingsSchema.shape.latestCount),
});
export type SettingsFormValues = z.input<typeof SettingsFormSchema>;

export const toSettingsForm = (settings: SiteSettings): SettingsFormValues => ({
  ...settings,
  homeSectionSlugs: settings.homeSectionSlugs.join(', '),
});
