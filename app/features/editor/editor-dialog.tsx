import { useId, useState, type FormEvent } from 'react';
import { Modal } from 'react-bootstrap';
import { controlProps, Field } from '../../components/field';
import { useAdminCopy } from '../../copy/admin-language';

/** One text box of an editor dialog, with the check its value must pass. */
export interface DialogField {
  name: string;
  label: string;
  hint?: string;
  value: string;
  type?: 'text' | 'url';
  /** Answers a message when the value is refused, undefined when it is fine. */
  check?: (value: string) => string | undefined;
}

export interface EditorDialogProps {
  title: string;
  fields: DialogField[];
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => void;
  onClose: () => void;
  /** An extra action beside Cancel (Remove link), shown when given. */
  remove?: { label: string; onRemove: () => void };
}

/**
 * A small form in a modal for the body editor (issue 9 item 8): the link address, an image's
 * alt text and caption, a video address. A real dialog instead of `window.prompt`: labelled
 * fields, hints, a message on the field that is wrong, Escape or Cancel to leave it unchanged.
 */
export function EditorDialog({
  title,
  fields,
  submitLabel,
  onSubmit,
  onClose,
  remove,
}: EditorDialogProps) {
  const t = useAdminCopy();
  const base = useId();
  const [values, setValues] = useState(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found: Record<string, string> = {};
    for (const f of fields) {
      const message = f.check?.((values[f.name] ?? '').trim());
      if (message) found[f.name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? '').trim()])));
  };

  return (
    <Modal show onHide={onClose} aria-labelledby={`${base}-title`} restoreFocus>
      {/* Its own form: the dialog sits inside the article form in the DOM tree of React. */}
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t.editor.cancel}>
          <Modal.Title id={`${base}-title`}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body className="vstack gap-3">
          {fields.map((f, i) => (
            <DialogFieldInput
              key={f.name}
              id={`${base}-${f.name}`}
              field={f}
              value={values[f.name] ?? ''}
              error={errors[f.name]}
              autoFocus={i === 0}
              onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))}
            />
          ))}
        </Modal.Body>
        <Modal.Footer>
          {remove && (
            <button
              type="button"
              className="btn btn-outline-danger me-auto"
              onClick={remove.onRemove}
            >
              {remove.label}
            </button>
          )}
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t.editor.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {submitLabel}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/** One labelled text box of the dialog, with its hint and the message when refused. */
function DialogFieldInput({
  id,
  field: f,
  value,
  error,
  autoFocus,
  onChange,
}: {
  id: string;
  field: DialogField;
  value: string;
  error: string | undefined;
  autoFocus: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={f.label} hint={f.hint} error={error}>
      <input
        {...controlProps(id, 'form-control', f.hint, error)}
        type={f.type ?? 'text'}
        value={value}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
