import type { InputHTMLAttributes } from 'react';

/** A labelled Bootstrap text input; the `id` is also the field's name unless one is given. */
export function TextField({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} name={input.name ?? id} className="form-control" {...input} />
    </div>
  );
}
