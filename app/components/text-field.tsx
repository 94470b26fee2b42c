import type { ComponentProps, ReactNode } from 'react';
import { controlProps, Field } from './field';

/**
 * A labelled Bootstrap text input; the `id` is also the field's name unless one is given. A
 * hint and an error are tied to the input for screen readers; an error marks it invalid. An
 * `addon` (a button) sits at the input's end, in an input group.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  wrapperClassName,
  addon,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  wrapperClassName?: string;
  addon?: ReactNode;
} & ComponentProps<'input'>) {
  const control = (
    <input name={input.name ?? id} {...controlProps(id, 'form-control', hint, error)} {...input} />
  );
  return (
    <Field id={id} label={label} hint={hint} error={error} className={wrapperClassName}>
      {addon ? (
        <div className="input-group">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
    </Field>
  );
}
