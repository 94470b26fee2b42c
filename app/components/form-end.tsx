/** The end of an edit form: its refusal, if any, then Save and (while editing) Cancel. */
export function FormEnd({
  failure,
  save,
  cancel,
}: {
  failure: string | undefined | null;
  save: string;
  /** Shown while an existing item is edited. */
  cancel?: { label: string; onCancel: () => void };
}) {
  return (
    <>
      {failure && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {failure}
        </p>
      )}
      <div className="mt-3 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          {save}
        </button>
        {cancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={cancel.onCancel}>
            {cancel.label}
          </button>
        )}
      </div>
    </>
  );
}
