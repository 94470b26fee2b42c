import type { Comment, CommentReply, CommentsPage } from '../../common/schemas/comments';
import { useInterface } from '../copy/language';

/**
 * The first page of a story's approved comments under it (issue 42 item 1, DECISIONS.md §24):
 * in the page's HTML, the same bytes for every reader (search engines read them), refreshed by
 * the page's tag when a comment is shown or taken away. Bodies are the API's HTML, made from
 * escaped plain text (common/comment-text.ts); names are text. The form for a signed-in reader
 * is not in the shared page.
 */
export function ArticleComments({ comments, path }: { comments: CommentsPage; path: string }) {
  const { t, lang } = useInterface();
  return (
    <section className="article-comments mt-5" aria-labelledby="comments-title" lang={lang}>
      <h2 id="comments-title" className="h4">
        {t.comments.title(comments.total)}
      </h2>
      {comments.comments.length === 0 ? (
        <p>{t.comments.none}</p>
      ) : (
        <ol className="list-unstyled">
          {comments.comments.map((comment) => (
            <CommentItem key={comment._id} comment={comment} />
          ))}
        </ol>
      )}
      <p>
        <a href={`/login?next=${encodeURIComponent(`${path}#comments-title`)}`}>
          {t.comments.signIn}
        </a>
      </p>
    </section>
  );
}

function CommentItem({ comment }: { comment: Comment | CommentReply }) {
  const { t } = useInterface();
  const replies = 'replies' in comment ? comment.replies : [];
  return (
    <li className="comment mb-3" id={`comment-${comment._id}`}>
      <p className="comment-meta small mb-1">
        <strong>{comment.author ? comment.author.name : t.comments.deletedReader}</strong>
        {comment.author?.staff && (
          <span className="badge text-bg-secondary ms-2">{t.comments.staff}</span>
        )}{' '}
        <time dateTime={comment.createdAt}>{comment.createdAt.slice(0, 10)}</time>
        {comment.editedAt && ` · ${t.comments.edited}`}
      </p>
      <div className="comment-body" dangerouslySetInnerHTML={{ __html: comment.body }} />
      {replies.length > 0 && (
        <ol className="list-unstyled ms-4">
          {replies.map((reply) => (
            <CommentItem key={reply._id} comment={reply} />
          ))}
        </ol>
      )}
    </li>
  );
}
