import { useEffect, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { TagNameSchema, type Tag } from '../../../common/schemas/tags';
import { slugify } from '../../../common/slug';
import { controlProps, Field } from '../../components/field';
import { useFieldError } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import type { ArticleFormValues } from './article-form-values';

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_AFTER_MS = 200;

/**
 * Existing tags beginning with `typed` (`GET /api/tags?q=`), asked once typing pauses; the
 * answer to an older text is dropped. A failure leaves no suggestions: typing a tag still works.
 */
function useTagSuggestions(typed: string): Tag[] {
  const [found, setFound] = useState<Tag[]>([]);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      adminApi<{ tags: Tag[] }>(`/api/tags?q=${encodeURIComponent(typed.trim())}`)
        .then((answer) => current && setFound(answer.tags))
        .catch(() => current && setFound([]));
    }, SUGGEST_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed]);
  return found;
}

/**
 * The article's tags (issue 26 item 5): each a removable chip, a new one typed and added with
 * Enter or a comma (or by leaving the box), existing tags suggested as the writer types (the
 * box's list). Two spellings of one address are one tag, as the server keeps them.
 */
export function TagsField() {
  const t = useAdminCopy();
  const { field } = useController<ArticleFormValues, 'tags'>({ name: 'tags' });
  const error = useFieldError('tags');
  const [typed, setTyped] = useState('');
  const suggestions = useTagSuggestions(typed);
  const tags = field.value;
  const has = (name: string) => tags.some((tag) => slugify(tag) === slugify(name));

  const add = (raw: string) => {
    const parsed = TagNameSchema.safeParse(raw);
    // Text the rules refuse stays in the box, where the server's message will point.
    if (!parsed.success) return;
    if (!has(parsed.data)) field.onChange([...tags, parsed.data]);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ',') return;
    event.preventDefault();
    add(typed);
  };

  return (
    <Field id="tags" label={t.form.tags} hint={t.form.tagsHelp} error={error} className="col-12">
      {tags.length > 0 && (
        <ul className="list-inline mb-2" aria-label={t.form.tagsChosen}>
          {tags.map((name, i) => (
            <li key={`${name}-${i}`} className="list-inline-item mb-1">
              <span className="badge rounded-pill text-bg-secondary d-inline-flex align-items-center gap-2 fs-6 fw-normal">
                {name}
                <button
                  type="button"
                  className="btn-close btn-close-white"
                  aria-label={t.form.removeTag(name)}
                  onClick={() => field.onChange(tags.filter((_, j) => j !== i))}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <input
        {...controlProps('tags', 'form-control', t.form.tagsHelp, error)}
        list="tags-suggestions"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(typed);
          field.onBlur();
        }}
      />
      <datalist id="tags-suggestions">
        {suggestions
          .filter((tag) => !has(tag.name))
          .map((tag) => (
            <option key={tag._id} value={tag.name} />
          ))}
      </datalist>
    </Field>
  );
}
