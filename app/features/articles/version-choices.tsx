import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Article } from '../../../common/schemas/articles';
import { formatZoned } from '../../../common/time-zone';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import {
  articleToForm,
  differs,
  revisionToForm,
  type ArticleFormValues,
} from './article-form-values';
import { DraftNotices } from './draft-notices';
import type { SaveConflict, useArticleSave } from './use-article-save';
import type { useArticleDraft } from './use-article-draft';
import type { useServerDraft } from './use-server-draft';
import { VersionCompare } from './version-compare';

/**
 * Every choice between two versions the article form may offer: the draft kept in this
 * browser, the text autosaved on the server, and someone else's save that came first.
 */
export function VersionChoices({
  draft,
  serverDraft,
  saving,
  timeZone,
}: {
  draft: ReturnType<typeof useArticleDraft>;
  serverDraft: ReturnType<typeof useServerDraft>;
  saving: ReturnType<typeof useArticleSave>;
  timeZone: string;
}) {
  const { saved, conflict } = saving;
  return (
    <>
      <BrowserDraftChoice draft={draft} saved={saved} timeZone={timeZone} />
      <ServerDraftChoice
        serverDraft={serverDraft}
        saved={saved}
        hidden={draft.restored || conflict !== null}
        timeZone={timeZone}
      />
      {conflict && (
        <ConflictChoice
          conflict={conflict}
          timeZone={timeZone}
          onTakeTheirs={saving.takeTheirs}
          onKeepMine={saving.keepMine}
        />
      )}
    </>
  );
}

/**
 * The draft kept in this browser: its notices, and when it is older than the saved version,
 * the two side by side to choose from.
 */
function BrowserDraftChoice({
  draft,
  saved,
  timeZone,
}: {
  draft: ReturnType<typeof useArticleDraft>;
  saved: Article | null;
  timeZone: string;
}) {
  const t = useAdminCopy();
  const [compareDraft, setCompareDraft] = useState(false);
  return (
    <>
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
    </>
  );
}

/**
 * The text autosaved on the server, offered against the form unless something else is being
 * chosen (`hidden`: a restored browser draft, a conflict).
 */
function ServerDraftChoice({
  serverDraft,
  saved,
  hidden,
  timeZone,
}: {
  serverDraft: ReturnType<typeof useServerDraft>;
  saved: Article | null;
  hidden: boolean;
  timeZone: string;
}) {
  const { t, lang } = useAdminInterface();
  const form = useFormContext<ArticleFormValues>();
  const autosaved = serverDraft.draft;
  if (!saved || !autosaved?.content || hidden) return null;
  const savedForm = articleToForm(saved, timeZone);
  const offer = { ...savedForm, ...revisionToForm(autosaved.content) };
  // An autosave with nothing the saved version or the form lacks offers nothing (issue 26).
  if (!differs(offer, savedForm) || !differs(offer, form.getValues())) return null;
  return (
    <ChoosePanel
      text={t.form.serverDraft(formatZoned(new Date(autosaved.createdAt), timeZone, lang))}
      before={form.getValues()}
      after={offer}
      beforeLabel={t.form.savedVersion}
      afterLabel={t.form.autosavedText}
      keepLabel={t.form.discardDraft}
      useLabel={t.form.useAutosave}
      onKeep={serverDraft.dismiss}
      onUse={() => {
        form.reset(offer, { keepDefaultValues: true });
        serverDraft.dismiss();
      }}
    />
  );
}

/** Someone else saved while this form was open: theirs or mine, never both silently. */
function ConflictChoice({
  conflict,
  timeZone,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: SaveConflict;
  timeZone: string;
  onTakeTheirs: (theirs: Article) => void;
  onKeepMine: (conflict: SaveConflict) => void;
}) {
  const t = useAdminCopy();
  const { getValues } = useFormContext<ArticleFormValues>();
  return (
    <ChoosePanel
      text={t.form.conflict}
      alert
      before={articleToForm(conflict.theirs, timeZone)}
      after={getValues()}
      beforeLabel={t.form.theirVersion}
      afterLabel={t.form.myVersion}
      keepLabel={t.form.takeTheirs}
      useLabel={t.form.keepMine}
      onKeep={() => onTakeTheirs(conflict.theirs)}
      onUse={() => onKeepMine(conflict)}
    />
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
