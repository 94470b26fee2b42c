import { z } from 'zod';
import { LinkPasswordSchema, SignUpSchema } from '../../../common/schemas/users';
import { copy, type Copy } from '../../copy/en';

/**
 * A new password typed twice: Confirm Password never leaves the browser. A mismatch is
 * SPEC.md §5's 'Passwords do not match' (in the interface's language), and nothing is sent.
 */
const confirmation = (
  t: Copy,
): [
  (v: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] => [
  (v) => v.confirmPassword === '' || v.password === v.confirmPassword,
  { message: t.auth.passwordsDoNotMatch, path: ['confirmPassword'] },
];
const confirmPassword = (t: Copy) => z.string().min(1, t.auth.confirmPasswordRequired);

/** The sign-up form: the server's SignUpSchema plus Confirm Password. */
export const signUpFormSchema = (t: Copy) =>
  SignUpSchema.extend({ confirmPassword: confirmPassword(t) }).refine(...confirmation(t));

export const SignUpFormSchema = signUpFormSchema(copy);

/**
 * A password set from a link (an invitation, a reset; issue 26 item 8): the server's
 * LinkPasswordSchema plus Confirm Password, as on sign-up.
 */
export const linkPasswordFormSchema = (t: Copy) =>
  LinkPasswordSchema.extend({ confirmPassword: confirmPassword(t) }).refine(...confirmation(t));
