import { useEffect, useMemo, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { findEditions } from '../../../common/edition-names';
import type { Edition } from '../../../common/schemas/editions';
import { Field } from '../../components/field';
import { useFieldError } from '../../components/form/fields';
import { useAdminCopy, useAdminLanguage } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import type { ArticleFormValues } from './article-form-values';

/** How many matches the picker lists under the box. */
const SHOWN = 8;

/** Every edition (`GET /api/editions`), loaded once; [] until it answers or when it fails. */
function useEditions(): Edition[] {
  const [list, setList] = useState<Edition[]>([]);
  useEffect(() => {
    let current = true;
    adminApi<Edition[]>('/api/editions')
      .then((answer) => current && setList(answer))
      .catch(() => current && setList([]));
    return () => {
      current = false;
    };
  }, []);
  return list;
}

/**
 * The story's editions (issue 65 item 2): chips of the chosen ones, the primary one marked,
 * and a box that finds an edition by its Hindi or Latin name as the writer types (matched in
 * the browser over the list, by the same folding search uses: common/edition-names.ts).
 */
export function EditionsField() {
  const t = useAdminCopy();
  const lang = useAdminLanguage();
  const { field } = useController<ArticleFormValues, 'editions'>({ name: 'editions' });
  const { setValue, watch } = useFormContext<ArticleFormValues>();
  const primary = watch('primaryEdition');
  const error = useFieldError('editions');
  const all = useEditions();
  const [typed, setTyped] = useState('');
  const byId = useMemo(() => new Map(all.map((e) => [e._id, e])), [all]);
  const nameOf = (id: string) => {
    const e = byId.get(id);
    return e ? (lang === 'hi' ? e.names.hi : e.names.en) : id;
  };
  const chosen = field.value;
  const found = typed.trim()
    ? findEditions(all, typed)
        .filter((e) => !chosen.includes(e._id))
        .slice(0, SHOWN)
    : [];

  const setPrimary = (id: string) => setValue('primaryEdition', id, { shouldDirty: true });
  const add = (id: string) => {
    field.onChange([...chosen, id]);
    if (!primary) setPrimary(id);
    setTyped('');
  };
  const remove = (id: string) => {
    const left = chosen.filter((x) => x !== id);
    field.onChange(left);
    if (primary === id) setPrimary(left[0] ?? '');
  };

  return (
    <Field
      id="editions"
      label={t.form.editions}
      hint={t.form.editionsHelp}
      error={error}
      className="col-12"
    >
      <EditionChips
        chosen={chosen}
        primary={primary}
        nameOf={nameOf}
        onPrimary={setPrimary}
        onRemove={remove}
      />
      <input
        id="editions"
        type="search"
        className="form-control"
        placeholder={t.form.editionSearch}
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={field.onBlur}
      />
      {typed.trim() && (
        <ul className="list-group mt-1" aria-label={t.form.editionSearch}>
          {found.length === 0 && <li className="list-group-item">{t.form.noEditionFound}</li>}
          {found.map((e) => (
            <li key={e._id} className="list-group-item p-0">
              <button
                type="button"
                className="btn btn-link w-100 text-start"
                aria-label={t.form.addEdition(nameOf(e._id))}
                onClick={() => add(e._id)}
              >
                <span lang="hi">{e.names.hi}</span> · {e.names.en}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}

/** The chosen editions as chips: the primary one marked, any other made primary or removed. */
function EditionChips({
  chosen,
  primary,
  nameOf,
  onPrimary,
  onRemove,
}: {
  chosen: string[];
  primary: string;
  nameOf: (id: string) => string;
  onPrimary: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const t = useAdminCopy();
  if (chosen.length === 0) return null;
  return (
    <ul className="list-inline mb-2" aria-label={t.form.editionsChosen}>
      {chosen.map((id) => (
        <li key={id} className="list-inline-item mb-1">
          <span className="badge rounded-pill text-bg-secondary d-inline-flex align-items-center gap-2 fs-6 fw-normal">
            {nameOf(id)}
            {id === primary ? (
              <span className="badge text-bg-light">{t.form.editionPrimary}</span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-link text-white p-0"
                onClick={() => onPrimary(id)}
              >
                {t.form.makePrimary(nameOf(id))}
              </button>
            )}
            <button
              type="button"
              className="btn-close btn-close-white"
              aria-label={t.form.removeEdition(nameOf(id))}
              onClick={() => onRemove(id)}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
