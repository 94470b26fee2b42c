import { createContext, use, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { copy } from '../../copy/en';
import { useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { ApiError } from '../../features/api/client';
import { schemaResolver } from './schema-resolver';
import { fieldNamesOf, sortIssues } from './server-errors';

/**
 * A form checked by a shared zod schema (STYLE.md §7): the same schema the server validates
 * the request with. Fields are checked when they lose focus and again on every change after
 * that, and all of them on submit, before anything is sent.
 */
export function useSchemaForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({
    resolver: schemaResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
}

/** The schema the fields read their HTML limits from (required, minLength, maxLength). */
const LimitsSchema = createContext<z.core.$ZodType | undefined>(undefined);
export const useLimitsSchema = () => use(LimitsSchema);

/**
 * Shows why a submit failed: each problem of a 400 answer under the field it names, and as a
 * toast only what names no field (or any other failure: 401, 409, no connection).
 */
export function showFailure<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  error: unknown,
  toastText: (message: string) => string = (message) => message,
  genericFailure: string = copy.auth.genericFailure,
  say: (said: Said) => string = (said) => said.message,
) {
  if (!(error instanceof ApiError)) {
    toast.error(toastText(genericFailure));
    return;
  }
  const { byField, unplaced } = sortIssues(error.errors, fieldNamesOf(form.getValues()));
  // Field errors keep the server's English and code; the field says them in the interface's
  // language (fields.tsx). Toasts are said here.
  byField.forEach(({ name, message, code, params }, index) =>
    form.setError(
      name as Path<Input>,
      // A server's problem is always said by its code (none known: the generic failure).
      { type: 'server', message, refusal: { code: code ?? '', params } } as FieldError,
      { shouldFocus: index === 0 },
    ),
  );
  if (byField.length === 0) toast.error(toastText(say(error)));
  else if (unplaced.length > 0) toast.error(toastText(unplaced.map((u) => say(u)).join(' ')));
}

/**
 * A `<form>` for `form`: the browser's own checks are off (the schema's messages show under
 * the fields instead), `onSubmit` gets the schema's parsed output, and a failure it throws is
 * shown by showFailure. `limits` is the object schema the fields read their limits from.
 */
export function SchemaForm<Input extends FieldValues, Output>({
  form,
  limits,
  onSubmit,
  onInvalid,
  failureText,
  className,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  limits: z.core.$ZodType;
  onSubmit: (data: Output) => Promise<void>;
  onInvalid?: SubmitErrorHandler<Input>;
  failureText?: (message: string) => string;
  className?: string;
  children: ReactNode;
}) {
  const { t, say } = useInterface();
  const submit = form.handleSubmit(async (data) => {
    try {
      await onSubmit(data);
    } catch (error) {
      showFailure(
        form as UseFormReturn<Input, unknown, unknown>,
        error,
        failureText,
        t.auth.genericFailure,
        say,
      );
    }
  }, onInvalid);
  return (
    <FormProvider {...form}>
      <LimitsSchema value={limits}>
        <form noValidate onSubmit={(event) => void submit(event)} className={className}>
          {children}
        </form>
      </LimitsSchema>
    </FormProvider>
  );
}
