import type { FieldErrors } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormTextField } from '../../components/form/fields';
import { useInterface } from '../../copy/language';

/** A new password, typed twice (sign-up, an invitation, a reset). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useInterface();
  return (
    <>
      <FormTextField name="password" label={label} type="password" autoComplete="new-password" />
      <FormTextField
        name="confirmPassword"
        label={t.auth.confirmPassword}
        type="password"
        autoComplete="new-password"
        toastedError={t.auth.passwordsDoNotMatch}
      />
    </>
  );
}

/**
 * The form's `onInvalid` for those fields: SPEC.md §5 says a mismatch in a toast (one at a
 * time), and nothing is sent.
 */
export function useMismatchToast() {
  const { t } = useInterface();
  return (errors: FieldErrors<{ confirmPassword: string }>) => {
    if (errors.confirmPassword?.message === t.auth.passwordsDoNotMatch)
      toast.error(t.auth.passwordsDoNotMatch, { toastId: 'passwords-do-not-match' });
  };
}
