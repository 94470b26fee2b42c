import { useAdminCopy } from '../../copy/admin-language';

/** The article form's notices about a draft kept in this browser (see useArticleDraft). */
export function DraftNotices({
  stale,
  restored,
  onRestoreStale,
  onDiscard,
}: {
  stale: boolean;
  restored: boolean;
  onRestoreStale: () => void;
  onDiscard: () => void;
}) {
  const t = useAdminCopy();
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClick}>
      {label}
    </button>
  );
  return (
    <>
      {stale && (
        <div
          className="alert alert-warning d-flex flex-wrap gap-2 justify-content-between align-items-center"
          role="alert"
        >
          <span>{t.form.staleDraft}</span>
          <span className="d-flex gap-2">
            {button(t.form.restoreAnyway, onRestoreStale)}
            {button(t.form.discardDraft, onDiscard)}
          </span>
        </div>
      )}
      {restored && (
        <div
          className="alert alert-info d-flex justify-content-between align-items-center"
          role="status"
        >
          <span>{t.form.restoreDraft}</span>
          {button(t.form.discardDraft, onDiscard)}
        </div>
      )}
    </>
  );
}
