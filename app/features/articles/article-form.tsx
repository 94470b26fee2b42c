import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import type { Article, ArticleInput } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { adminCopy as t } from '../../copy/admin';
import { articlePath } from '../../../common/paths';
import { formatZoned } from '../../../common/time-zone';
import { adminApi } from '../api/admin-api';
import { ApiError } from '../api/client';
import { ArticleFields } from './article-fields';
import {
  articleFormSchema,
  articleToForm,
  emptyArticleForm,
  isScheduled,
  revisionToForm,
  type ArticleFormValues,
} from './article-form-values';
import { HistoryPanel } from './history-panel';
import { previewLink } from './open-preview';
import { useAutosave, usePresence, useServerDraft } from './use-server-draft';
import { VersionCompare } from './version-compare';
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

  // The saved version this form edits; moves on when the user takes another's save or restores.
  const [saved, setSaved] = useState<Article | null>(article);
  const [conflict, setConflict] = useState<{ theirs: Article; mine: ArticleInput } | null>(null);
  const [compareDraft, setCompareDraft] = useState(false);
  const values = useWatch({ control: form.control }) as ArticleFormValues;
  const autosavedAt = useAutosave(saved?._id, saved?.updatedAt, values, draft.dirty);
  const serverDraft = useServerDraft(article?._id, me._id);
  const editors = usePresence(article?._id);

  /** Makes `next` the saved version the form starts from. */
  const adopt = (next: Article) => {
    setSaved(next);
    form.reset(articleToForm(next, timeZone));
    draft.clear();
  };

  const update = async (body: ArticleInput, basedOn: string) => {
    if (!saved) return;
    try {
      await adminApi<Article>(`/api/articles/${saved._id}`, {
        method: 'PUT',
        body: { ...body, updatedAt: basedOn },
      });
    } catch (error) {
      // Someone saved since: show both versions and let the user choose (never overwrite).
      if (error instanceof ApiError && error.status === 409 && !error.errors?.length) {
        const theirs = await adminApi<Article>(`/api/articles/article/${saved._id}`);
        setConflict({ theirs, mine: body });
        return;
      }
      throw error;
    }
    setConflict(null);
    form.reset(form.getValues());
    draft.clear();
    toast.success(t.form.updated);
    allowLeaving();
    await navigate('/admin/articles');
  };

  const save = async (body: ArticleInput) => {
    if (saved) {
      // The version this edit started from: the server refuses it if someone saved since.
      await update(body, saved.updatedAt);
    } else {
      const created = await adminApi<Article>('/api/articles/article', { method: 'POST', body });
      form.reset(initial);
      draft.clear();
      setImageKey((k) => k + 1);
      allowLeaving();
      const live = created.status === 'published' && !isScheduled(created);
      const where = live ? articlePath(created) : await previewLink(created._id);
      toast.success(t.form.added);
      // The edit page says where the article lives (SPEC.md §8's toast stays as it is).
      const added: AddedNotice = { slug: created.slug, where, live };
      await navigate(`/admin/edit-article/${created._id}`, { state: { added } });
    }
  };

  const added = (useLocation().state as { added?: AddedNotice } | null)?.added;
  const serverText = serverDraft.draft?.content;
  const offerServerDraft =
    saved && serverText && !draft.restored && !conflict
      ? { ...articleToForm(saved, timeZone), ...revisionToForm(serverText) }
      : null;

  return (
    <SchemaForm form={form} limits={schema} onSubmit={save} className="article-form vstack gap-3">
      <h1 className="h3">{article ? t.form.editTitle : t.form.addTitle}</h1>
      {added && (
        <p className="alert alert-success mb-0" role="status">
          {t.form.addedAt(added.slug)}
          {added.where && (
            <>
              {' · '}
              <a href={added.where} target="_blank" rel="noreferrer">
                {added.live ? t.form.livesAt : t.form.previewAt}
              </a>
            </>
          )}
        </p>
      )}
      {editors.map((e) => (
        <p key={e._id} className="alert alert-info mb-0" role="status">
          {t.form.editing(e.name)}
        </p>
      ))}
      <DraftNotices
        stale={draft.stale && !compareDraft}
        restored={draft.restored}
        onRestoreStale={() => setCompareDraft(true)}
        onDiscard={draft.discard}
      />
      {compareDraft && draft.staleValues && saved && (
        <ChoosePanel
          text={t.form.staleDraft}
          before={articleToForm(saved, timeZone)}
          after={draft.staleValues}
          beforeLabel={t.form.savedVersion}
          afterLabel={t.form.myDraft}
          keepLabel={t.form.keepSaved}
          useLabel={t.form.useMyDraft}
          onKeep={() => {
            setCompareDraft(false);
            draft.discard();
          }}
          onUse={() => {
            setCompareDraft(false);
            draft.restoreStale();
          }}
        />
      )}
      {offerServerDraft && serverDraft.draft && (
        <ChoosePanel
          text={t.form.serverDraft(formatZoned(new Date(serverDraft.draft.createdAt), timeZone))}
          before={form.getValues()}
          after={offerServerDraft}
          beforeLabel={t.form.savedVersion}
          afterLabel={t.form.autosavedText}
          keepLabel={t.form.discardDraft}
          useLabel={t.form.useAutosave}
          onKeep={serverDraft.dismiss}
          onUse={() => {
            form.reset(offerServerDraft, { keepDefaultValues: true });
            serverDraft.dismiss();
          }}
        />
      )}
      {conflict && (
        <ChoosePanel
          text={t.form.conflict}
          alert
          before={articleToForm(conflict.theirs, timeZone)}
          after={form.getValues()}
          beforeLabel={t.form.theirVersion}
          afterLabel={t.form.myVersion}
          keepLabel={t.form.takeTheirs}
          useLabel={t.form.keepMine}
          onKeep={() => {
            adopt(conflict.theirs);
            setConflict(null);
          }}
          onUse={() => {
            const theirs = conflict.theirs;
            setSaved(theirs);
            void update(conflict.mine, theirs.updatedAt).catch((error: Error) =>
              toast.error(error.message),
            );
          }}
        />
      )}
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
        {autosavedAt && (
          <span className="ms-3 small text-body-secondary" role="status">
            {t.form.autosavedAt(formatZoned(autosavedAt, timeZone))}
          </span>
        )}
      </div>
      {saved && <HistoryPanel article={saved} timeZone={timeZone} onRestored={adopt} />}
      {article && (article.status !== 'published' || scheduled) && (
        <PreviewButtons articleId={article._id} />
      )}
      {article?.status === 'pending' && hasRole(me.role, 'editor') && (
        <SendBack article={article} />
      )}
    </SchemaForm>
  );
}

/** Two versions side by side, with a choice between them: nothing is taken without one. */
function ChoosePanel({
  text,
  alert,
  before,
  after,
  beforeLabel,
  afterLabel,
  keepLabel,
  useLabel,
  onKeep,
  onUse,
}: {
  text: string;
  alert?: boolean;
  before: ArticleFormValues;
  after: ArticleFormValues;
  beforeLabel: string;
  afterLabel: string;
  keepLabel: string;
  useLabel: string;
  onKeep: () => void;
  onUse: () => void;
}) {
  return (
    <div
      className="alert alert-warning vstack gap-2"
      role={alert ? 'alert' : 'region'}
      aria-label={alert ? undefined : text}
    >
      <p className="mb-0">{text}</p>
      <VersionCompare
        before={before}
        after={after}
        beforeLabel={beforeLabel}
        afterLabel={afterLabel}
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onKeep}>
          {keepLabel}
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={onUse}>
          {useLabel}
        </button>
      </div>
    </div>
  );
}

/** What the edit page says right after an article was added: its final slug and address. */
interface AddedNotice {
  slug: string;
  /** Its public address, or a preview link while it is not out; null if none could be made. */
  where: string | null;
  live: boolean;
}
