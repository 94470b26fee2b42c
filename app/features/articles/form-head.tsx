import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Article } from '../../../common/schemas/articles';
import type { SessionUser } from '../../../common/services';
import { useAdminCopy } from '../../copy/admin-language';
import { usePeopleIn } from '../editor/use-collab';
import { ReviewNote } from './review-tools';
import type { useArticleDraft } from './use-article-draft';
import type { AddedNotice, useArticleSave } from './use-article-save';
import { usePresence, useServerDraft } from './use-server-draft';
import { VersionChoices } from './version-choices';

/**
 * The form's title, then what to know before editing: where a just-added piece lives, who else
 * has it open, a newer version kept elsewhere, an editor's note from review.
 */
export function FormHead({
  article,
  me,
  draft,
  saving,
  timeZone,
}: {
  article: Article | null;
  me: SessionUser;
  draft: ReturnType<typeof useArticleDraft>;
  saving: ReturnType<typeof useArticleSave>;
  timeZone: string;
}) {
  const t = useAdminCopy();
  const serverDraft = useServerDraft(article?._id, me._id);
  const editors = useEditorsPresent(article?._id, me._id);
  return (
    <>
      <h1 className="h3">{article ? t.form.editTitle : t.form.addTitle}</h1>
      <AddedMessage />
      <EditorsPresent editors={editors} />
      <VersionChoices draft={draft} serverDraft={serverDraft} saving={saving} timeZone={timeZone} />
      {article && <ReviewNote note={article.reviewNote} />}
    </>
  );
}

/** Says where a just-added article lives (or its preview), under its final slug. */
function AddedMessage() {
  const t = useAdminCopy();
  const added = (useLocation().state as { added?: AddedNotice } | null)?.added;
  if (!added) return null;
  return (
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
  );
}

/**
 * Who is in the article's shared document (arriving and leaving with their connections), and
 * besides them whoever the presence calls say had the form open in the last 45 s: a colleague
 * on the plain editor, or one whose tab went without saying so.
 */
function useEditorsPresent(articleId: string | undefined, me: string) {
  const inDocument = usePeopleIn(articleId, me);
  const present = usePresence(articleId);
  return useMemo(() => {
    if (!inDocument) return present;
    const named = new Set(inDocument.map((p) => p._id));
    return [...inDocument, ...present.filter((p) => !named.has(p._id))];
  }, [inDocument, present]);
}

/** Who else has this article open, or is in its shared document. */
function EditorsPresent({ editors }: { editors: { _id: string; name: string }[] }) {
  const t = useAdminCopy();
  return editors.map((e) => (
    <p key={e._id} className="alert alert-info mb-0" role="status">
      {t.form.editing(e.name)}
    </p>
  ));
}
