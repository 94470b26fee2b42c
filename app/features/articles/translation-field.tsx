import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { Language } from '../../../common/articles';
import { FormSelect } from '../../components/form/fields';
import { useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import type { ArticleFormValues } from './article-form-values';
import { saidOf } from '../../copy/refusals';

interface Row {
  _id: string;
  name: string;
  language: Language;
}

/** The most articles the admin list gives in one page; the picker offers these. */
const PICKER_LIMIT = 1000;

/**
 * A version of the story in another language (issue 10 item 7, docs/decisions/041): a choice
 * among the articles this user may see, in another language once the form's language is
 * chosen. The article joins that version's translation group; the server refuses a
 * same-language one.
 */
export function TranslationField({ editingId }: { editingId: string | null }) {
  const { t, say } = useAdminInterface();
  const { getValues } = useFormContext<ArticleFormValues>();
  const language = useWatch<ArticleFormValues, 'language'>({ name: 'language' });
  const [rows, setRows] = useState<Row[] | null>(null);

  useEffect(() => {
    adminApi<{ articles: Row[] }>(`/api/articles/admin-article?limit=${PICKER_LIMIT}`)
      .then((list) => setRows(list.articles))
      .catch((e: Error) => {
        setRows([]);
        toast.error(say(saidOf(e)));
      });
  }, [say]);

  const linked = getValues('translationId');
  const options = (rows ?? []).filter(
    (r) => r._id !== editingId && (r._id === linked || !language || r.language !== language),
  );
  return (
    <FormSelect
      name="translationId"
      label={t.form.translation}
      hint={t.form.translationHelp}
      wrapperClassName="col-md-6"
      disabled={rows === null}
    >
      <option value="">{t.form.noTranslation}</option>
      {options.map((r) => (
        <option key={r._id} value={r._id} lang={r.language}>
          {r.name} ({t.languageName(r.language)})
        </option>
      ))}
    </FormSelect>
  );
}
