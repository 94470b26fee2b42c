import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import type { Article, ArticleInput } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../api/admin-api';
import { ArticleFields } from './article-fields';
import {
  articleFormSchema,
  articleToForm,
  emptyArticleForm,
  isScheduled,
} from './article-form-values';
import { DraftNotices } from './draft-notices';
import { ImageField } from './image-field';
import { DescriptionField, MetaFields } from './meta-fields';
import { PreviewButtons, ReviewNote, SendBack } from './review-tools';
import { useArticleDraft } from './use-article-draft';
import { useArticleOptions } from './use-article-options';
import { TranslationField } from './translation-field';
import { useLeaveGuard } from './use-leave-guard';

/**
 * Create Article and Edit Article (SPEC.md §2, §4, §5), checked with the server's
 * ArticleInputSchema. Submit waits for an uploaded image. A new article resets the form after
 * saving; an edit goes back to the list. A 409 on an edit says someone else saved meanwhile.
 */
export function ArticleForm({
  article,
  me,
  settings,
}: {
  article: Article | null;
  me: SessionUser;
  settings: Pick<SiteSettings, 'timeZone' | 'authorsNeedReview'>;
}) {
  const navigate = useNavigate();
  const { timeZone } = settings;
  const mayPublish = hasRole(me.role, 'editor') || !settings.authorsNeedReview;
  const scheduled = article !== null && isScheduled(article);
  const schema = useMemo(() => articleFormSchema({ timeZone, scheduled }), [timeZone, scheduled]);
  const initial = useMemo(() => {
    if (article) return articleToForm(article, timeZone);
    // Where authors may not publish, a new piece starts as a draft.
    return { ...emptyArticleForm(me._id), ...(mayPublish ? {} : { status: 'draft' as const }) };
  }, [article, me._id, timeZone, mayPublish]);
  const form = useSchemaForm(schema, initial);
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
      form.reset(initial);
      draft.clear();
      setImageKey((k) => k + 1);
      toast.success(t.form.added);
    }
  };

  return (
    <SchemaForm form={form} limits={schema} onSubmit={save} className="article-form vstack gap-3">
      <h1 className="h3">{article ? t.form.editTitle : t.form.addTitle}</h1>
      <DraftNotices
        stale={draft.stale}
        restored={draft.restored}
        onRestoreStale={draft.restoreStale}
        onDiscard={draft.discard}
      />
      {article && <ReviewNote note={article.reviewNote} />}
      <div className="row g-3">
        <ArticleFields
          mayPublish={mayPublish}
          timeZone={timeZone}
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
      {article && (article.status !== 'published' || scheduled) && (
        <PreviewButtons articleId={article._id} />
      )}
      {article?.status === 'pending' && hasRole(me.role, 'editor') && (
        <SendBack article={article} />
      )}
    </SchemaForm>
  );
}
