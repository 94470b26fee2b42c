import type { ReactNode } from 'react';

/**
 * A labelled form control. The control inside carries `id`; a hint is
 * rendered as `{id}-help` and an error as `{id}-error`, for the control's aria-describedby
 * (an invalid control also carries Bootstrap's `is-invalid`, which shows the error).
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <div id={`${id}-help`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}
