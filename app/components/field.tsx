import type { ReactNode } from 'react';

/**
 * The ids a control inside a Field points to with aria-describedby: its hint (`{id}-help`)
 * and its error (`{id}-error`), hint first. Undefined when there is neither.
 */
export function describedBy(id: string, hint: unknown, error: string | undefined) {
  const ids = [hint !== undefined && `${id}-help`, error && `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * The attributes that tie a control to its Field: Bootstrap's `is-invalid` on its class, and
 * aria-invalid and aria-describedby for screen readers.
 */
export function controlProps(
  id: string,
  baseClass: string,
  hint: unknown,
  error: string | undefined,
) {
  return {
    id,
    className: error ? `${baseClass} is-invalid` : baseClass,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  } as const;
}

/** The id of a Field's label when its control is not labelable (see `labelable`). */
export const labelIdOf = (id: string) => `${id}-label`;

/**
 * A labelled form control. The control inside carries `id` (spread `controlProps` on it); a
 * hint is rendered as `{id}-help` and an error as `{id}-error`, shown under the control.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  labelable = true,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /**
   * False when the control is no labelable element (a rich-text editor is a contenteditable
   * box): HTML lets a <label for> point only at a form control, so the label is then a plain
   * element with the id `labelIdOf(id)`, which the control names itself by (aria-labelledby).
   */
  labelable?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      {labelable ? (
        <label htmlFor={id} className="form-label">
          {label}
        </label>
      ) : (
        <div id={labelIdOf(id)} className="form-label">
          {label}
        </div>
      )}
      {children}
      {hint !== undefined && (
        <div id={`${id}-help`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        // d-block: shown even when the control is wrapped (Bootstrap shows it only next to one).
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
