import { useController } from 'react-hook-form';
import { Field, labelIdOf } from '../../components/field';
import { FormTextArea, FormTextField, useFieldError } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { RichTextEditor } from '../editor/rich-text-editor';
import type { CollabTarget } from '../editor/use-collab';
import type { ArticleFormValues } from './article-form-values';

/**
 * Meta title, keywords and description (SPEC.md §2), folded under "Search and sharing" at the
 * end of the form (issue 45 item 2): a writer meets the story's fields first. The fold opens by
 * itself when the server refuses one of them, so the message is seen.
 */
export function MetaFields() {
  const t = useAdminCopy();
  const refused = [
    useFieldError('metaTitle'),
    useFieldError('metaKeywords'),
    useFieldError('metaDescription'),
  ].some(Boolean);
  return (
    <details className="col-12 search-and-sharing" open={refused || undefined}>
      <summary className="fw-semibold mb-2">{t.form.searchAndSharing}</summary>
      <div className="row g-3">
        <FormTextField name="metaTitle" label={t.form.metaTitle} wrapperClassName="col-md-6" />
        <FormTextField
          name="metaKeywords"
          label={t.form.metaKeywords}
          wrapperClassName="col-md-6"
        />
        <FormTextArea
          name="metaDescription"
          label={t.form.metaDescription}
          wrapperClassName="col-12"
          rows={3}
        />
      </div>
    </details>
  );
}

/**
 * The rich-text article description (DECISIONS.md §4), kept in the form's `description`; a saved
 * article's is shared with whoever else edits it (issue 43 item 1).
 */
export function DescriptionField({ collab }: { collab?: CollabTarget }) {
  const t = useAdminCopy();
  const { field } = useController<ArticleFormValues, 'description'>({ name: 'description' });
  const error = useFieldError('description');
  return (
    <Field
      id="description"
      label={t.form.description}
      className="col-12"
      error={error}
      labelable={false}
    >
      <RichTextEditor
        id="description"
        labelledBy={labelIdOf('description')}
        value={field.value}
        onChange={field.onChange}
        collab={collab}
      />
    </Field>
  );
}
