import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

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
} & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint !== undefined && `${id}-help`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <Field id={id} label={label} hint={hint} error={error} className={wrapperClassName}>
      <input
        id={id}
        name={input.name ?? id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
    </Field>
  );
}
