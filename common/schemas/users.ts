import { z } from 'zod';
import { STAFF_LANGUAGES } from '../languages';
import { ROLES, type Role } from '../roles';
import { says } from '../refusals/schema-refusals';
import { SLUG_MAX_LENGTH } from '../slug';
import { emailAddress as email, estimatedField, pagination, text, pageFields } from './common';

/** Accounts a page of the back office's users list shows (`/admin/users`). */
export const USERS_PAGE_SIZE = 20;

export const BIO_MAX_LENGTH = 2000;

/** Passwords: long enough to resist guessing, short enough to hash quickly. */
const password = z
  .string(says('validation.not_text', { field: 'password' }))
  .min(8, says('validation.too_short', { field: 'Password', minimum: 8 }))
  .max(200, says('validation.too_long', { field: 'Password', maximum: 200 }));

export const SignUpSchema = z.object({
  name: text('name', 1, 100),
  email,
  password,
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email,
  password: z
    .string(says('validation.not_text', { field: 'password' }))
    .min(1, says('validation.required', { field: 'password' }))
    .max(200),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const RoleSchema = z.enum(
  ROLES,
  says('validation.one_of', { field: 'role', values: ROLES }),
);

/** What the client stores under `userInfo` (SPEC.md §3). */
export const UserInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  token: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** What an author page shows of its author (issue 12 item 3), beside `_id` and `name`. */
const authorProfile = {
  slug: z.string(),
  bio: z.string(),
  photoUrl: z.string(),
};

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  ...authorProfile,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * The back office's language a user chose (issue 36 item 8): one of its languages, or null for
 * the site's (the `uiLanguage` setting).
 */
export const OwnUiLanguageSchema = z
  .enum(STAFF_LANGUAGES, {
    error: `uiLanguage must be one of ${STAFF_LANGUAGES.join(', ')}, or null`,
  })
  .nullable();

/**
 * The signed-in user's own account: also whether review mail reaches them (issue 26 item 8) and
 * the back office's language they chose (null: the site's).
 */
export const MeSchema = UserSchema.extend({
  reviewMail: z.boolean(),
  uiLanguage: OwnUiLanguageSchema,
});
export type Me = z.infer<typeof MeSchema>;

/** `GET /api/users?page=&limit=&email=`: `email` finds the one person with that address. */
export const UserListQuerySchema = pagination(20).extend({ email: email.optional() });
export const UserListSchema = z.object({
  users: z.array(UserSchema),
  ...pageFields,
  totalUsers: z.number(),
  /** Our addition (issue 71 item 3): `totalUsers` is the database's estimate (db/counts.ts). */
  ...estimatedField,
});

export const RoleChangeSchema = z.object({ role: RoleSchema });

/** An administrator sets someone's password (e.g. an imported author who has none). */
export const PasswordSetSchema = z.object({ password });
export type PasswordSet = z.infer<typeof PasswordSetSchema>;

/**
 * A new password is confirmed with the current one; a new name alone is not (issue 14 item 5).
 * The rule of ProfileUpdateSchema and of the /profile form, which marks the field required then.
 */
export const currentPasswordGiven = (v: { password?: string; currentPassword?: string }) =>
  v.password === undefined || Boolean(v.currentPassword);
export const CURRENT_PASSWORD_NEEDED = {
  ...says('user.current_password_needed'),
  path: ['currentPassword'],
};

/**
 * The public side of an account, edited on /profile and by administrators. A slug is written
 * like an article's (transliterated by the server: "राम शर्मा" -> "ram-sharma").
 */
export const AuthorProfileInputSchema = z.object({
  name: text('name', 1, 100).optional(),
  slug: text('slug', 1, SLUG_MAX_LENGTH).optional(),
  bio: z
    .string(says('validation.not_text', { field: 'bio' }))
    .trim()
    .max(BIO_MAX_LENGTH, says('validation.too_long', { field: 'bio', maximum: BIO_MAX_LENGTH }))
    .optional(),
  photoUrl: z
    .string(says('validation.not_text', { field: 'photoUrl' }))
    .trim()
    .max(1000, says('validation.too_long', { field: 'photoUrl', maximum: 1000 }))
    .refine(
      (v) => v === '' || v.startsWith('/media/') || /^https:\/\/[^\s"'<>]+$/i.test(v),
      says('user.photo_url_invalid'),
    )
    .optional(),
});
export type AuthorProfileInput = z.infer<typeof AuthorProfileInputSchema>;

const PROFILE_FIELDS = ['name', 'slug', 'bio', 'photoUrl'] as const;
const changesSomething = (v: Partial<Record<(typeof PROFILE_FIELDS)[number], unknown>>) =>
  PROFILE_FIELDS.some((k) => v[k] !== undefined);

/** An administrator edits someone's public profile. */
export const AuthorProfileUpdateSchema = AuthorProfileInputSchema.refine(changesSomething, {
  ...says('user.profile_unchanged'),
  path: ['name'],
});

export const ProfileUpdateSchema = AuthorProfileInputSchema.extend({
  password: password.optional(),
  currentPassword: z
    .string(says('validation.not_text', { field: 'currentPassword' }))
    .max(200)
    .optional(),
  /** Review mail on or off (issue 26 item 8). */
  reviewMail: z.boolean(says('validation.not_boolean', { field: 'reviewMail' })).optional(),
  /** The back office's language; null: the site's again (issue 36 item 8). */
  uiLanguage: OwnUiLanguageSchema.optional(),
  /**
   * With a new password: also remove the passkeys added, and codes turned on, in the last day
   * (issue 66 item 4: the owner undoing what a stolen session added).
   */
  removeRecentFactors: z
    .boolean(says('validation.not_boolean', { field: 'removeRecentFactors' }))
    .optional(),
})
  .refine(
    (v) =>
      changesSomething(v) ||
      v.password !== undefined ||
      v.reviewMail !== undefined ||
      v.uiLanguage !== undefined,
    { ...says('user.nothing_to_change'), path: ['name'] },
  )
  .refine(currentPasswordGiven, CURRENT_PASSWORD_NEEDED);
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** `GET /api/users/authors`: SPEC.md §3's `_id` and `name`, plus the author page's fields. */
export const AuthorSchema = z.object({ _id: z.string(), name: z.string(), ...authorProfile });
export type Author = z.infer<typeof AuthorSchema>;

/*
 * E-mail that brings people in (issue 26 item 8): invitations and password resets. A link's
 * token is 32 random bytes in lower-case hex (64 characters): page addresses are lower case
 * (docs/decisions/015), so a token in mixed case would be redirected away from itself.
 */
export const LINK_TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export const LinkTokenParamsSchema = z.object({
  token: z.string().regex(LINK_TOKEN_PATTERN, says('link.incomplete')),
});

/** The roles an administrator invites to: staff, who work in the back office. */
export const INVITED_ROLES = ROLES.filter((r): r is Exclude<Role, 'reader'> => r !== 'reader');
export const InvitationInputSchema = z.object({
  email,
  name: text('name', 1, 100),
  role: z.enum(INVITED_ROLES, says('validation.one_of', { field: 'role', values: INVITED_ROLES })),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

/** An invitation as administrators see it. */
export const InvitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/**
 * The answer to an invitation: whether it went by mail, and, when the site sends no mail
 * (no SMTP_URL), the link for the administrator to pass on.
 */
export const InvitationSentSchema = InvitationSchema.extend({
  mailed: z.boolean(),
  url: z.string().optional(),
});
export type InvitationSent = z.infer<typeof InvitationSentSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });

/** The person sets their password from the link. */
export const LinkPasswordSchema = z.object({ password });
export type LinkPassword = z.infer<typeof LinkPasswordSchema>;

export const PasswordResetRequestSchema = z.object({ email });

/** A sign-in link's code: six digits. */
export const EMAIL_CODE_PATTERN = /^\d{6}$/;

/** Asking for a sign-in link (issue 37 item 1); `next` is a same-site path to go to after. */
export const EmailLinkRequestSchema = z.object({
  email,
  next: z
    .string()
    .max(2000, says('validation.too_long', { field: 'next', maximum: 2000 }))
    .optional(),
});
/** Signing in with the code of the mail instead of its link. */
export const EmailCodeSchema = z.object({
  email,
  code: z
    .string(says('validation.not_text', { field: 'code' }))
    .trim()
    .regex(EMAIL_CODE_PATTERN, says('email_link.code_format')),
});

/** What a link is, as its page shows it. */
export type LinkState<T> =
  { state: 'open'; value: T } | { state: 'used' } | { state: 'expired' } | { state: 'unknown' };

/** One of the signed-in person's sessions (issue 40 item 5): `current` is the one asking. */
export const SessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
