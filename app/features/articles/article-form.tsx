import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { hasRole } from '../../../common/roles';
import type { Article } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminInterface } from '../../copy/admin-language';
import { formatClock, formatZoned } from '../../../common/time-zone';
import { ArticleFields, TitleField } from './article-fields';
import {
  articleFormSchema,
  articleToForm,
  emptyArticleForm,
  isScheduled,
  type ArticleFormValues,
} from './article-form-values';
import { HistoryPanel } from './history-panel';
import { NotesPanel } from './notes-panel';
import { StoryNumbers } from './story-numbers';
import { useAutosave } from './use-server-draft';
import { ImageField } from './image-field';
import { UploadsUnderWay, useUploadsUnderWay } from '../media/upload';
import { DescriptionField, MetaFields } from './meta-fields';
import type { CollabTarget } from '../editor/use-collab';
import { PreviewButtons, SendBack } from './review-tools';
import { useArticleDraft } from './use-article-draft';
import { useArticleOptions } from './use-article-options';
import { useArticleSave } from './use-article-save';
import { TagsField } from './tags-field';
import { EditionsField } from './editions-field';
import { CorrectionFields } from './correction-fields';
import { TranslationField } from './translation-field';
import { useLeaveGuard } from './use-leave-guard';
import { FormHead } from './form-head';

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
  const saving = useArticleSave({ article, form, initial, draft, timeZone, allowLeaving });
  const { saved } = saving;
  const values = useWatch({ control: form.control }) as ArticleFormValues;
  const autosavedAt = useAutosave(saved?._id, saved?.updatedAt, values, draft.dirty);
  const [imageUrl, status] = useWatch({ control: form.control, name: ['imageUrl', 'status'] });
  const hold = useSubmitHold(saving.save, status === 'published' && !imageUrl);

  return (
    <UploadsUnderWay.Provider value={hold.setUploading}>
      <SchemaForm
        form={form}
        limits={schema}
        onSubmit={hold.submit}
        className="article-form vstack gap-3"
      >
        <FormHead article={article} me={me} draft={draft} saving={saving} timeZone={timeZone} />
        {/* The story first (issue 45 item 2): title, text and image, then the rest. */}
        <div className="row g-3">
          <TitleField editing={article !== null} sharedId={article?._id} />
          <DescriptionField collab={sharedBody(article, me)} />
          <ImageField key={saving.imageKey} />
          <ArticleFields
            mayPublish={mayPublish}
            timeZone={timeZone}
            editing={article !== null}
            canPickAuthor={hasRole(me.role, 'editor')}
            myName={me.name}
            categories={categories}
            authors={authors}
          />
          {article?.status === 'published' && <CorrectionFields />}
          <TranslationField editingId={article?._id ?? null} />
          <TagsField />
          <EditionsField />
          <MetaFields />
        </div>
        <SaveRow
          editing={article !== null}
          savedAt={saving.savedAt}
          waitsFor={hold.waitsFor}
          autosavedAt={autosavedAt}
          timeZone={timeZone}
        />
        <BelowTheForm
          article={article}
          saved={saved}
          mayReview={hasRole(me.role, 'editor')}
          timeZone={timeZone}
          onRestored={saving.adopt}
        />
      </SchemaForm>
    </UploadsUnderWay.Provider>
  );
}

/** A saved piece's notes, history and numbers; its previews and, for editors, its sending back. */
function BelowTheForm({
  article,
  saved,
  mayReview,
  timeZone,
  onRestored,
}: {
  article: Article | null;
  saved: Article | null;
  mayReview: boolean;
  timeZone: string;
  onRestored: (article: Article) => void;
}) {
  const scheduled = article !== null && isScheduled(article);
  return (
    <>
      {saved && <NotesPanel articleId={saved._id} timeZone={timeZone} />}
      {saved && <HistoryPanel article={saved} timeZone={timeZone} onRestored={onRestored} />}
      {saved?.status === 'published' && <StoryNumbers articleId={saved._id} />}
      {article && (article.status !== 'published' || scheduled) && (
        <PreviewButtons articleId={article._id} />
      )}
      {article?.status === 'pending' && mayReview && <SendBack article={article} />}
    </>
  );
}

/**
 * What Submit waits for. SPEC.md's "disabled until an image address exists" is for publishing
 * and scheduling (a draft may wait for its picture, DECISIONS.md §18); an image still uploading
 * holds every save, Enter in a field included: saved before it arrives, the piece goes without.
 */
function useSubmitHold<T>(save: (values: T) => Promise<void>, needsImage: boolean) {
  // The image field's upload, or one of the text's images.
  const { uploading, report: setUploading } = useUploadsUnderWay();
  const waitsFor = uploading ? 'upload' : needsImage ? 'image' : null;
  const submit = async (values: T) => {
    if (!uploading) await save(values);
  };
  return { waitsFor, setUploading, submit } as const;
}

/** A saved article's body is shared with whoever else edits it (issue 43 item 1). */
const sharedBody = (article: Article | null, me: SessionUser): CollabTarget | undefined =>
  article ? { articleId: article._id, user: { _id: me._id, name: me.name } } : undefined;

/** Submit (waiting for an uploaded image), and when the text was last autosaved. */
function SaveRow({
  editing,
  waitsFor,
  savedAt,
  autosavedAt,
  timeZone,
}: {
  editing: boolean;
  /** What Submit waits for: an upload under way, or an image to publish with. */
  waitsFor: 'upload' | 'image' | null;
  /** When this page last saved (Update keeps the editor on the article, issue 26 item 3). */
  savedAt: Date | null;
  autosavedAt: Date | null;
  timeZone: string;
}) {
  const { t, lang } = useAdminInterface();
  const disabled = waitsFor !== null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      <SubmitButton
        busyText={t.form.saving}
        disabled={disabled}
        aria-describedby={disabled ? 'submit-missing' : undefined}
      >
        {editing ? t.form.update : t.form.submit}
      </SubmitButton>
      {/* A disabled button says why (issue 45 item 2), next to it. */}
      {disabled && (
        <span id="submit-missing" className="small text-body-secondary">
          {waitsFor === 'upload' ? t.form.uploadUnderWay : t.form.needsImage}
        </span>
      )}
      {savedAt && (
        <span className="small text-success fw-semibold" role="status">
          {t.form.savedAt(formatClock(savedAt, timeZone))}
        </span>
      )}
      {autosavedAt && (
        <span className="small text-body-secondary" role="status">
          {t.form.autosavedAt(formatZoned(autosavedAt, timeZone, lang))}
        </span>
      )}
      {editing && (
        <Link to="/admin/articles" className="ms-auto">
          {t.form.backToList}
        </Link>
      )}
    </div>
  );
}
