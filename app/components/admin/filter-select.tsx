import { useSearchParams } from 'react-router';

/**
 * One filter of a back-office list whose filters live in the address (a GET form): its label,
 * "any" first, then `options` as [value, text]; it shows the address's current choice.
 */
export function FilterSelect({
  id,
  name,
  label,
  any,
  options,
  className = 'col-md-4',
}: {
  id: string;
  name: string;
  label: string;
  any: string;
  options: readonly (readonly [string, string])[];
  className?: string;
}) {
  const [params] = useSearchParams();
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} name={name} className="form-select" defaultValue={params.get(name) ?? ''}>
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
