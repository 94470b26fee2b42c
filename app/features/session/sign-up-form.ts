import { z } from 'zod';
import { SignUpSchema } from '../../../common/schemas/users';
import { copy, type Copy } from '../../copy/en';

/**
 * The sign-up form: the server's SignUpSchema plus Confirm Password, which never leaves the
 * browser. A mismatch is SPEC.md §5's 'Passwords do not match' (in the interface's language),
 * and nothing is sent.
 */
export const signUpFormSchema = (t: Copy) =>
  SignUpSchema.extend({
    confirmPassword: z.string().min(1, t.auth.confirmPasswordRequired),
  }).refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    message: t.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const SignUpFormSchema = signUpFormSchema(copy);
