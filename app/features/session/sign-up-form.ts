import { z } from 'zod';
import { SignUpSchema } from '../../../common/schemas/users';
import { copy } from '../../copy/en';

/**
 * The sign-up form: the server's SignUpSchema plus Confirm Password, which never leaves the
 * browser. A mismatch is SPEC.md §5's 'Passwords do not match', and nothing is sent.
 */
export const SignUpFormSchema = SignUpSchema.extend({
  confirmPassword: z.string().min(1, copy.auth.confirmPasswordRequired),
}).refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
  message: copy.auth.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
