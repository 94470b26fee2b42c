import type { ComponentProps } from 'react';
import { controlProps, Field } from './field';

/**
 * A labelled Bootstrap text input; the `id` is also the field's name unless one is given. A
 * hint and an error are tied to the input for screen readers; an error marks it invalid.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  wrapperClassName,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  wrapperClassName?: string;
} & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={wrapperClassName}>
      <input
        name={input.name ?? id}
        {...controlProps(id, 'form-control', hint, error)}
        {...input}
      />
    </Field>
  );
}
