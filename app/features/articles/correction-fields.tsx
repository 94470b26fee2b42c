import { useFormContext, useWatch } from 'react-hook-form';
import { FormCheckbox, FormTextArea } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import type { ArticleFormValues } from './article-form-values';

/**
 * "This is a correction" on a published story (issue 43 item 3): ticked, the save sends the
 * public note as `correction`, and the server keeps it on the record.
 */
export function CorrectionFields() {
  const t = useAdminCopy();
  const { control } = useFormContext<ArticleFormValues>();
  const corrected = useWatch({ control, name: 'corrected' });
  return (
    <div className="col-12">
      <FormCheckbox name="corrected" id="article-corrected" label={t.form.correction} />
      {corrected && (
        <FormTextArea
          name="correction"
          id="article-correction"
          label={t.form.correctionNote}
          hint={t.form.correctionHelp}
          rows={2}
          wrapperClassName="mt-2"
        />
      )}
    </div>
  );
}
