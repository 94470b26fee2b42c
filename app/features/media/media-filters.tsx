import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import { SEARCH_QUERY_MAX } from '../../../common/articles';
import { MEDIA_TYPES } from '../../../common/schemas/media';
import type { MediaFilters } from './media-query';
import { useMediaCopy } from './use-media-copy';

/**
 * The library's search (file name, alt text, caption) and its type, month and uploader
 * filters. They live in the address, like the article list's; any change asks for page 1 and
 * leaves empty fields out. Keyed by the address, so back/forward shows the page's own filters.
 */
export function MediaFilterForm({
  filters,
  uploaders,
}: {
  filters: MediaFilters;
  uploaders: { _id: string; name: string }[];
}) {
  const { m } = useMediaCopy();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      const text = String(value).trim();
      if (text) next.set(key, text);
    }
    void submit(next, { method: 'get' });
  };
  const onChange = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  return (
    <Form
      method="get"
      role="search"
      aria-label={m.filters}
      className="mb-3"
      key={params.toString()}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <div className="d-flex gap-2 mb-2">
        <MediaSearchFields q={filters.q ?? ''} />
        {Object.keys(filters).length > 0 && (
          <Link to="/admin/media" className="btn btn-link text-nowrap">
            {m.clear}
          </Link>
        )}
      </div>
      <FilterSelects filters={filters} uploaders={uploaders} onChange={onChange} />
    </Form>
  );
}

/** Type, month and uploader: each applies the form as soon as it changes. */
/** The library's search box and its button: the screen's filter form and the picker's. */
export function MediaSearchFields({ q }: { q: string }) {
  const { m } = useMediaCopy();
  return (
    <>
      <input
        type="search"
        name="q"
        defaultValue={q}
        maxLength={SEARCH_QUERY_MAX}
        className="form-control"
        aria-label={m.searchLabel}
        placeholder={m.searchLabel}
      />
      <button type="submit" className="btn btn-outline-primary">
        {m.search}
      </button>
    </>
  );
}

function FilterSelects({
  filters,
  uploaders,
  onChange,
}: {
  filters: MediaFilters;
  uploaders: { _id: string; name: string }[];
  onChange: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => void;
}) {
  const { m } = useMediaCopy();
  return (
    <div className="row g-2">
      <label className="col-6 col-md">
        <span className="form-label small d-block">{m.type}</span>
        <select
          name="type"
          defaultValue={filters.type ?? ''}
          className="form-select form-select-sm"
          onChange={onChange}
        >
          <option value="">{m.anyType}</option>
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {m.types[type]}
            </option>
          ))}
        </select>
      </label>
      <label className="col-6 col-md">
        <span className="form-label small d-block">{m.month}</span>
        <input
          type="month"
          name="month"
          defaultValue={filters.month ?? ''}
          className="form-control form-control-sm"
          onChange={onChange}
        />
      </label>
      <label className="col-6 col-md">
        <span className="form-label small d-block">{m.uploader}</span>
        <select
          name="uploadedBy"
          defaultValue={filters.uploadedBy ?? ''}
          className="form-select form-select-sm"
          onChange={onChange}
        >
          <option value="">{m.anyUploader}</option>
          {uploaders.map((u) => (
            <option key={u._id} value={u._id}>
              {u.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
