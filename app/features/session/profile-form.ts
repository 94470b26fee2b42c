import { z } from 'zod';
import {
  CURRENT_PASSWORD_NEEDED,
  currentPasswordGiven,
  OwnUiLanguageSchema,
  ProfileUpdateSchema,
} from '../../../common/schemas/users';

const { name, password, currentPassword, slug, bio, photoUrl, reviewMail, removeRecentFactors } =
  ProfileUpdateSchema.shape;

/** An empty (or absent) text field means "not given", left out of the request. */
const unlessEmpty = <T extends z.ZodType<unknown, string | undefined>>(schema: T) =>
  z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .pipe(schema);

/**
 * The /profile form (DECISIONS.md §9) with the server's own rules per field. The form always
 * shows the name; an empty new password means "keep it", and the current password is asked
 * for only with a new one (the server's rule, shared). Writers also see their author page's
 * slug (empty: keep it), bio and photo (empty: none), whether review mail reaches them and
 * the dashboard's language; readers, who have no page, no review and no dashboard, do not.
 */
export const ProfileFormSchema = z
  .object({
    name: name.unwrap(),
    password: unlessEmpty(password),
    currentPassword: unlessEmpty(currentPassword),
    /** With a new password: the factors of the last day go too (issue 66 item 4). */
    removeRecentFactors,
    slug: unlessEmpty(slug),
    bio,
    photoUrl,
    /** Staff only: review mail on or off (issue 26 item 8). */
    reviewMail,
    /** Staff only: the dashboard's language; the select's empty first option is the site's. */
    uiLanguage: z
      .string()
      .optional()
      .transform((v) => (v === '' ? null : v))
      .pipe(OwnUiLanguageSchema.optional()),
  })
  .refine(currentPasswordGiven, CURRENT_PASSWORD_NEEDED);
