import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import type { Article, ArticleInput } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import { SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../api/admin-api';
import { ArticleFields } from './article-fields';
import { ArticleFormSchema, articleToForm, emptyArticleForm } from './article-form-values';
import { DraftNotices } from './draft-notices';
import { ImageField } from './image-field';
import { DescriptionField, MetaFields } from './meta-fields';
import { useArticleDraft } from './use-article-draft';
import { useArticleOptions } from './use-article-options';
import { TranslationField } from './translation-field';
import { useLeaveGuard } from './use-leave-guard';

/**
 * Create Article and Edit Article (SPEC.md §2, §4, §5), checked with the server's
 * ArticleInputSchema. Submit waits for an uploaded image. A new article resets the form after
 * saving; an edit goes back to the list. A 409 on an edit says someone else saved meanwhile.
 */
export function ArticleForm({ article, me }: { article: Article | null; me: SessionUser }) {
  const navigate = useNavigate();
  const initial = useMemo(
    () => (article ? articleToForm(article) : emptyArticleForm(me._id)),
    [article, me._id],
  );
  const form = useSchemaForm(ArticleFormSchema, initial);
  const draft = useArticleDraft(form, { id: article?._id, basedOn: article?.updatedAt });
  const allowLeaving = useLeaveGuard(draft.dirty);
  const { categories, authors } = useArticleOptions();
  const imageUrl = useWatch({ control: form.control, name: 'imageUrl' });
  // A new key gives the image field a fresh file input and no progress bar.
  const [imageKey, setImageKey] = useState(0);

  const save = async (body: ArticleInput) => {
    if (article) {
      // The version this edit started from: the server refuses it if someone saved since.
      await adminApi<Article>(`/api/articles/${article._id}`, {
        method: 'PUT',
        body: { ...body, updatedAt: article.updatedAt },
      });
      form.reset(form.getValues());
      draft.clear();
      toast.success(t.form.updated);
      allowLeaving();
      await navigate('/admin/articles');
    } else {
      await adminApi<Article>('/api/articles/article', { method: 'POST', body });
      form.reset(emptyArticleForm(me._id));
      draft.clear();
      setImageKey((k) => k + 1);
      toast.success(t.form.added);
    }
  };

  return (
    <SchemaForm
      form={form}
      limits={ArticleFormSchema}
      onSubmit={save}
      className="article-form vstack gap-3"
    >
      <h1 className="h3">{article ? t.form.editTitle : t.form.addTitle}</h1>
      <DraftNotices
        stale={draft.stale}
        restored={draft.restored}
        onRestoreStale={draft.restoreStale}
        onDiscard={draft.discard}
      />
      <div className="row g-3">
        <ArticleFields
          editing={article !== null}
          canPickAuthor={hasRole(me.role, 'editor')}
          myName={me.name}
          categories={categories}
          authors={authors}
        />
        <TranslationField editingId={article?._id ?? null} />
        <ImageField key={imageKey} />
        <MetaFields />
        <DescriptionField />
      </div>
      <div>
        <SubmitButton busyText={t.form.saving} disabled={!imageUrl}>
          {article ? t.form.update : t.form.submit}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}
