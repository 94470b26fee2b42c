import type { Code } from '../../common/refusals/catalogue';
import {
  COMMENT_EDIT_MINUTES,
  COMMENTS_PER_MINUTE,
  type Comment,
  type CommentReply,
  type CommentsPage,
} from '../../common/schemas/comments';
import { COMMENT_MAX_LENGTH } from '../../common/comment-text';
import { READER_CODES } from '../copy/refusals';
import { useInterface, type Interface } from '../copy/language';

/** The params the comments' refusals are said with: the same for every reader. */
const REFUSAL_PARAMS: Partial<Record<Code, Record<string, unknown>>> = {
  'comment.edit_window': { minutes: COMMENT_EDIT_MINUTES },
  'comment.too_fast': { count: COMMENTS_PER_MINUTE },
};

/**
 * What the after-load script says of a refusal, by code, in the page's language: the comments'
 * own refusals (a code whose text needs params the page cannot know is left to the API's
 * message) and being signed out.
 */
function refusalTexts(say: Interface['say']): Record<string, string> {
  const codes: Code[] = [
    ...READER_CODES.filter((code) => code.startsWith('comment.')),
    'auth.signed_out',
  ];
  const texts: Record<string, string> = {};
  for (const code of codes) {
    try {
      const text = say({ message: '', code, params: REFUSAL_PARAMS[code] ?? {} });
      if (text && !text.includes('undefined')) texts[code] = text;
    } catch {
      // A text made of params this page does not have: the API's message says it.
    }
  }
  return texts;
}

/**
 * The texts of a signed-in reader's form and buttons (app/reader/comments.ts), in the page's
 * language: part of the shared page's bytes, the same for everyone; the form itself is drawn
 * only in a signed-in reader's browser, after load.
 */
function scriptTexts({ t, say }: Interface) {
  const c = t.comments;
  return JSON.stringify({
    label: c.label,
    post: c.post,
    reply: c.reply,
    edit: c.edit,
    save: c.save,
    cancel: c.cancel,
    delete: c.delete,
    confirmDelete: c.confirmDelete,
    report: c.report,
    reported: c.reported,
    awaiting: c.awaiting,
    working: c.working,
    failed: c.failed,
    edited: c.edited,
    editMinutes: COMMENT_EDIT_MINUTES,
    maxLength: COMMENT_MAX_LENGTH,
    refusals: refusalTexts(say),
  });
}

/**
 * The first page of a story's approved comments under it (issue 42 item 1, DECISIONS.md §24):
 * in the page's HTML, the same bytes for every reader (search engines read them), refreshed by
 * the page's tag when a comment is shown or taken away. Bodies are the API's HTML, made from
 * escaped plain text (common/comment-text.ts); names are text. The form for a signed-in reader
 * is not in the shared page: app/reader/comments.ts draws it after `GET /api/me`, from the
 * texts and the ids marked here (`data-comments`, `data-comment`, `data-author`).
 */
export function ArticleComments({
  comments,
  articleId,
  path,
}: {
  comments: CommentsPage & { open?: boolean };
  articleId: string;
  path: string;
}) {
  const copy = useInterface();
  const { t, lang } = copy;
  const open = comments.open !== false;
  return (
    <section
      className="article-comments mt-5"
      aria-labelledby="comments-title"
      lang={lang}
      data-comments={articleId}
      data-open={String(open)}
      data-texts={open ? scriptTexts(copy) : undefined}
    >
      <h2 id="comments-title" className="h4">
        {t.comments.title(comments.total)}
      </h2>
      {comments.comments.length === 0 ? (
        <p>{t.comments.none}</p>
      ) : (
        <ol className="list-unstyled" data-comment-list="">
          {comments.comments.map((comment) => (
            <CommentItem key={comment._id} comment={comment} />
          ))}
        </ol>
      )}
      {open ? (
        <p data-comment-sign-in="">
          <a href={`/login?redirect=${encodeURIComponent(`${path}#comments-title`)}`}>
            {t.comments.signIn}
          </a>
        </p>
      ) : (
        <p>{t.comments.closed}</p>
      )}
    </section>
  );
}

function CommentItem({ comment }: { comment: Comment | CommentReply }) {
  const { t } = useInterface();
  const replies = 'replies' in comment ? comment.replies : [];
  return (
    <li
      className="comment mb-3"
      id={`comment-${comment._id}`}
      data-comment={comment._id}
      data-author={comment.author?._id}
      data-created={comment.createdAt}
      data-reply={comment.parentId ? '' : undefined}
    >
      <p className="comment-meta small mb-1">
        <strong>{comment.author ? comment.author.name : t.comments.deletedReader}</strong>
        {comment.author?.staff && (
          <span className="badge text-bg-secondary ms-2">{t.comments.staff}</span>
        )}{' '}
        <time dateTime={comment.createdAt}>{comment.createdAt.slice(0, 10)}</time>
        {comment.editedAt && ` · ${t.comments.edited}`}
      </p>
      <div className="comment-body" dangerouslySetInnerHTML={{ __html: comment.body }} />
      {'replies' in comment && (
        <ol className="list-unstyled ms-4" data-replies="">
          {replies.map((reply) => (
            <CommentItem key={reply._id} comment={reply} />
          ))}
        </ol>
      )}
    </li>
  );
}
