import type { ComponentProps, ReactNode } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { useInterface } from '../../copy/language';
import { controlProps, Field } from '../field';
import { TextField } from '../text-field';
import { constraintsAt } from './constraints';
import { useLimitsSchema } from './schema-form';
import { errorAt } from './server-errors';

/*
 * Fields of a SchemaForm, by name (dotted for nested values: "social.x"). Each shows its
 * error under itself, takes its limits from the form's schema, and starts with the form's
 * default value in the server-rendered HTML too.
 */

interface Common {
  name: string;
  /** The element id; the name unless given. */
  id?: string;
  label: string;
  hint?: string;
  wrapperClassName?: string;
}

/**
 * The error shown for `name`, client or server, in the interface's language: a shared schema's
 * or the server's by its code (app/copy/refusals.ts), a text of the page's own schema as it is.
 */
export function useFieldError(name: string) {
  const { errors } = useFormState({ name });
  const { say } = useInterface();
  const error = errorAt(errors, name);
  if (error === undefined) return undefined;
  return error.refusal ? say({ message: error.message, ...error.refusal }) : error.message;
}

/** Wiring shared by the registered (uncontrolled) text controls. */
function useTextControl(name: string, onChange?: ComponentProps<'input'>['onChange']) {
  const { register, formState } = useFormContext();
  const value: unknown = get(formState.defaultValues, name);
  return {
    error: useFieldError(name),
    limits: constraintsAt(useLimitsSchema(), name),
    defaultValue: typeof value === 'string' ? value : undefined,
    registered: register(name, onChange ? { onChange } : {}),
  };
}

export function FormTextField({
  name,
  id = name,
  label,
  hint,
  wrapperClassName,
  onChange,
  toastedError,
  ...input
}: Common & {
  /** A message the page announces in a toast (SPEC.md's texts): with it the field is only marked. */
  toastedError?: string;
  /** A button at the input's end (TextField's `addon`). */
  addon?: ReactNode;
} & Omit<ComponentProps<'input'>, 'name' | 'id' | 'ref'>) {
  const { error, limits, defaultValue, registered } = useTextControl(name, onChange);
  const toasted = error !== undefined && error === toastedError;
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      error={toasted ? undefined : error}
      wrapperClassName={wrapperClassName}
      defaultValue={defaultValue}
      {...(toasted ? { 'aria-invalid': true, className: 'form-control is-invalid' } : {})}
      {...limits}
      {...input}
      {...registered}
    />
  );
}

export function FormTextArea({
  name,
  id = name,
  label,
  hint,
  wrapperClassName,
  ...textarea
}: Common & Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'ref' | 'onChange'>) {
  const { error, limits, defaultValue, registered } = useTextControl(name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={wrapperClassName}>
      <textarea
        {...controlProps(id, 'form-control', hint, error)}
        defaultValue={defaultValue}
        {...limits}
        {...textarea}
        {...registered}
      />
    </Field>
  );
}

/** A select whose options may arrive later: controlled, so its value survives the wait. */
export function FormSelect({
  name,
  id = name,
  label,
  hint,
  wrapperClassName,
  children,
  ...select
}: Omit<Common, 'label'> & { label: ReactNode; children: ReactNode } & Omit<
    ComponentProps<'select'>,
    'name' | 'id' | 'ref' | 'value' | 'onChange' | 'onBlur'
  >) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  const limits = constraintsAt(useLimitsSchema(), name);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={wrapperClassName}>
      <select
        {...controlProps(id, 'form-select', hint, error)}
        required={limits.required}
        {...select}
        name={field.name}
        ref={field.ref}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
      >
        {children}
      </select>
    </Field>
  );
}

export function FormCheckbox({
  name,
  id = name,
  label,
}: Omit<Common, 'hint' | 'wrapperClassName'>) {
  const { register, formState } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className="form-check">
      <input
        type="checkbox"
        {...controlProps(id, 'form-check-input', undefined, error)}
        defaultChecked={get(formState.defaultValues, name) === true}
        {...register(name)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/** The form's submit button: disabled, with `busyText` if given, while the submit runs. */
export function SubmitButton({
  children,
  busyText,
  disabled,
  className = 'btn btn-primary',
  'aria-describedby': describedBy,
}: {
  children: ReactNode;
  busyText?: string;
  disabled?: boolean;
  className?: string;
  /** The text that says why it is disabled. */
  'aria-describedby'?: string | undefined;
}) {
  const { isSubmitting } = useFormState();
  return (
    <button
      type="submit"
      className={className}
      disabled={isSubmitting || disabled}
      aria-describedby={describedBy}
    >
      {isSubmitting && busyText ? busyText : children}
    </button>
  );
}

/** A schema form's last row: its Submit, and Cancel beside it while an item is edited. */
export function SubmitOrCancel({
  label,
  busyText,
  cancel,
}: {
  label: string;
  busyText: string;
  cancel?: { label: string; onCancel: () => void } | undefined;
}) {
  return (
    <div className="col-12 d-flex gap-2">
      <SubmitButton busyText={busyText}>{label}</SubmitButton>
      {cancel && (
        <button type="button" className="btn btn-outline-secondary" onClick={cancel.onCancel}>
          {cancel.label}
        </button>
      )}
    </div>
  );
}
