import { useInterface } from '../copy/language';

/*
 * Follow and Save (issue 37 item 2): the same markup for every reader, so a shared page stays
 * the same bytes. Their state (`aria-pressed`) and their clicks are the page script's
 * (app/reader/reader-state.ts), from `GET /api/me` after load.
 */

export function FollowButton({
  kind,
  target,
}: {
  kind: 'category' | 'tag' | 'author';
  /** A category's or author's id, a tag's slug. */
  target: string;
}) {
  const { t, lang } = useInterface();
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm reader-button"
      data-follow={kind}
      data-target={target}
      aria-pressed="false"
      lang={lang}
    >
      {t.readers.follow}
    </button>
  );
}

export function SaveButton({ articleId }: { articleId: string }) {
  const { t, lang } = useInterface();
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm reader-button"
      data-save={articleId}
      aria-pressed="false"
      lang={lang}
    >
      {t.readers.save}
    </button>
  );
}
