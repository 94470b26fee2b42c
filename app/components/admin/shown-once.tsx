import { useId } from 'react';
import { toast } from 'react-toastify';

/**
 * A secret the server answers once and keeps only hashed (a webhook's signing secret, an API
 * key): shown in a read-only field to select or copy, with the text saying it will not be
 * shown again, until the person says they have it.
 */
export function ShownOnce({
  label,
  warning,
  value,
  copyLabel,
  copiedText,
  doneLabel,
  onDone,
}: {
  label: string;
  warning: string;
  value: string;
  copyLabel: string;
  copiedText: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedText);
    } catch {
      // No clipboard (an http: page, or refused): the field is there to select by hand.
    }
  };
  return (
    <div className="alert alert-warning mt-3" role="status">
      <label htmlFor={id} className="form-label fw-semibold">
        {label}
      </label>
      <div className="input-group mb-2">
        <input
          id={id}
          className="form-control font-monospace"
          readOnly
          value={value}
          aria-describedby={`${id}-warning`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
          {copyLabel}
        </button>
      </div>
      <p id={`${id}-warning`} className="mb-2">
        {warning}
      </p>
      <button type="button" className="btn btn-sm btn-secondary" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
