import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useFieldError } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import type { ArticleFormValues } from './article-form-values';
import type { AuthorOption } from './use-article-options';

/** A name or a query as the picker compares them: case and accents aside. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** How many writers the picker lists before a search narrows them. */
const SHOWN = 8;

/**
 * The further bylines (issue 26 item 4) chosen with a searchable picker (issue 45 item 2), not a
 * list that needs Ctrl-click: the chosen are boxes ticked at the top, a search box narrows the
 * rest by name (case and accents aside). Any writer may name
 * colleagues; the server keeps an author among the bylines.
 */
export function CoAuthorsField({ authors }: { authors: AuthorOption[] | null }) {
  const t = useAdminCopy();
  const { field } = useController<ArticleFormValues, 'coAuthors'>({ name: 'coAuthors' });
  const main = useWatch<ArticleFormValues, 'author'>({ name: 'author' });
  const error = useFieldError('authors');
  const [query, setQuery] = useState('');
  const chosen = new Set(field.value);
  const others = (authors ?? []).filter((a) => a._id !== main);
  const folded = fold(query);
  const matching = others.filter(
    (a) => !chosen.has(a._id) && (!folded || fold(a.name).includes(folded)),
  );
  const shown = [...others.filter((a) => chosen.has(a._id)), ...matching.slice(0, SHOWN)];
  const toggle = (id: string, on: boolean) =>
    field.onChange(on ? [...field.value, id] : field.value.filter((v) => v !== id));

  return (
    <fieldset className="col-md-4" aria-describedby="coAuthors-help">
      <legend className="form-label fs-6 mb-2">{t.form.coAuthors}</legend>
      <input
        type="search"
        id="coAuthors"
        className="form-control form-control-sm mb-2"
        aria-label={t.form.coAuthorsSearch}
        placeholder={t.form.coAuthorsSearch}
        disabled={authors === null}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onBlur={field.onBlur}
      />
      <div className="vstack gap-1 co-author-list">
        {shown.map((a) => (
          <div className="form-check" key={a._id}>
            <input
              type="checkbox"
              className="form-check-input"
              id={`co-author-${a._id}`}
              checked={chosen.has(a._id)}
              onChange={(e) => toggle(a._id, e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`co-author-${a._id}`}>
              {a.name}
            </label>
          </div>
        ))}
        {authors !== null && folded && matching.length === 0 && (
          <p className="small text-body-secondary mb-0">{t.form.coAuthorsNone}</p>
        )}
      </div>
      <div id="coAuthors-help" className="form-text">
        {t.form.coAuthorsHelp}
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
