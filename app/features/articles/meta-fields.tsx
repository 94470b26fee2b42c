import { useController } from 'react-hook-form';
import { Field, labelIdOf } from '../../components/field';
import { FormTextArea, FormTextField, useFieldError } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { RichTextEditor } from '../editor/rich-text-editor';
import type { ArticleFormValues } from './article-form-values';

/** Meta title and keywords beside the image, the meta description under them (SPEC.md §2). */
export function MetaFields() {
  const t = useAdminCopy();
  return (
    <>
      <div className="col-md-6 vstack gap-2">
        <FormTextField name="metaTitle" label={t.form.metaTitle} />
        <FormTextField name="metaKeywords" label={t.form.metaKeywords} />
      </div>
      <FormTextArea
        name="metaDescription"
        label={t.form.metaDescription}
        wrapperClassName="col-12"
        rows={3}
      />
    </>
  );
}

/** The rich-text article description (DECISIONS.md §4), kept in the form's `description`. */
export function DescriptionField() {
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
      />
    </Field>
  );
}
