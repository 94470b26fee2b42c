/** A labelled checkbox, Bootstrap's `form-check`; `className` replaces its wrapper's class. */
export function Check({
  id,
  label,
  checked,
  onChange,
  className = 'form-check',
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}
