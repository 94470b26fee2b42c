import { z } from 'zod';
import { ROLES } from '../roles';
import { pagination, text } from './common';

const email = z
  .string({ error: 'email must be text' })
  .trim()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform((v) => v.toLowerCase());

/** Passwords: long enough to resist guessing, short enough to hash quickly. */
const password = z
  .string({ error: 'password must be text' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const SignUpSchema = z.object({
  name: text('name', 1, 100),
  email,
  password,
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email,
  password: z.string({ error: 'password must be text' }).min(1, 'password is required').max(200),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const RoleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

/** What the client stores under `userInfo` (SPEC.md §3). */
export const UserInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  token: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListQuerySchema = pagination(20);
export const UserListSchema = z.object({
  users: z.array(UserSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalUsers: z.number(),
});

export const RoleChangeSchema = z.object({ role: RoleSchema });

export const ProfileUpdateSchema = z
  .object({
    name: text('name', 1, 100).optional(),
    password: password.optional(),
    currentPassword: z
      .string({ error: 'currentPassword is required' })
      .min(1, 'currentPassword is required')
      .max(200),
  })
  .refine((v) => v.name !== undefined || v.password !== undefined, {
    message: 'Nothing to change: give a new name or a new password',
    path: ['name'],
  });
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const AuthorSchema = z.object({ _id: z.string(), name: z.string() });
