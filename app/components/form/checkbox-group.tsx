import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useFieldError } from './fields';

/**
 * A SchemaForm field holding a list (a webhook's events, a newsletter's sections): one checkbox
 * per option in a fieldset named by `legend`, its value always an array (react-hook-form's
 * own checkboxes give one value, not a list, when there is a single option).
 */
export function FormCheckboxGroup({
  name,
  legend,
  options,
  className,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  const id = useId();
  const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap column-gap-3">
        {options.map((option, index) => (
          <div className="form-check" key={option.value}>
            <input
              type="checkbox"
              className={error ? 'form-check-input is-invalid' : 'form-check-input'}
              id={`${id}-${index}`}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(e) => toggle(option.value, e.target.checked)}
              onBlur={field.onBlur}
            />
            <label className="form-check-label" htmlFor={`${id}-${index}`}>
              {option.label}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
