/*
 * Comments' SQL (issue 42). The author's name and role are read next to each comment (a join:
 * their account may be gone, then null); the article's title next to a queued one.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { tally } from '../../../db/counts';
import { prepared } from '../../../db/prepared';
import type { Role } from '../../../common/roles';
import {
  commentReports,
  comments,
  type CommentStatus,
  type HoldReason,
} from '../../../db/schema/comments';
import type { QueueStatus } from '../../../common/schemas/comments';
import { articles, categories } from '../../../db/schema/content';
import { users } from '../../../db/schema/users';

const commentColumns = {
  id: comments.id,
  articleId: comments.articleId,
  authorId: comments.authorId,
  parentId: comments.parentId,
  body: comments.body,
  status: comments.status,
  reason: comments.reason,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  authorName: users.name,
  authorRole: users.role,
};

const withAuthors = (db: Db) =>
  db.select(commentColumns).from(comments).leftJoin(users, eq(users.id, comments.authorId));

export type CommentRow = Awaited<ReturnType<ReturnType<typeof withAuthors>['execute']>>[number];

/**
 * An article's shown comments. `approved` is written in the statement, not sent as a value: a
 * prepared statement's generic plan (the reads pool's, db/postgres-connections.ts) cannot use
 * the partial index `comments_article_shown_idx` for a status it does not know, and walked every
 * approved comment of the site instead (46–66 ms a story page at a million stories, 0.4 ms with
 * the index; docs/perf/scale.md).
 */
const shownOn = (articleId: string | Placeholder) =>
  and(eq(comments.articleId, articleId), sql`${comments.status} = 'approved'`);

/**
 * A page of comments, oldest or newest first, with the counts beside it in one statement (the
 * counts joined to the page, so a story without comments still answers its zeros): prepared
 * once (db/prepared.ts), since every uncached story page reads it (issue 36 item 4).
 */
const topPage = (db: Db, newest: boolean) =>
  prepared(db, `comments_top_${newest ? 'newest' : 'oldest'}`, (on, as) => {
    const articleId = sql.placeholder('articleId');
    const counts = on
      .select({
        total: count().as('total'),
        topCount: sql<number>`count(*) filter (where ${comments.parentId} is null)`
          .mapWith(Number)
          .as('top_count'),
      })
      .from(comments)
      .where(shownOn(articleId))
      .as('counts');
    const page = withAuthors(on)
      .where(and(shownOn(articleId), isNull(comments.parentId)))
      .orderBy(
        ...(newest
          ? [desc(comments.createdAt), desc(comments.id)]
          : [asc(comments.createdAt), asc(comments.id)]),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    // The page's columns, read from the subquery under the names `commentColumns` gives them.
    const comment = Object.fromEntries(
      Object.keys(commentColumns).map((name) => [name, page[name as keyof typeof commentColumns]]),
    ) as { [K in keyof typeof commentColumns]: (typeof page)[K] };
    return on
      .select({ total: counts.total, topCount: counts.topCount, comment })
      .from(counts)
      .leftJoinLateral(page, sql`true`)
      .prepare(as);
  });

/**
 * One page of an article's approved top-level comments with their approved replies (oldest
 * first under each), and how many approved comments the article has in all.
 */
export async function listShown(
  db: Db,
  articleId: string,
  opts: { page: number; perPage: number; newest: boolean },
): Promise<{ top: CommentRow[]; replies: CommentRow[]; topCount: number; total: number }> {
  const rows = await topPage(db, opts.newest).execute({
    articleId,
    limit: opts.perPage,
    offset: (opts.page - 1) * opts.perPage,
  });
  const top = rows.flatMap((r) => (r.comment ? [r.comment as CommentRow] : []));
  const replies = top.length
    ? await withAuthors(db)
        .where(
          and(
            shownOn(articleId),
            inArray(
              comments.parentId,
              top.map((c) => c.id),
            ),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  return { top, replies, topCount: rows[0]?.topCount ?? 0, total: Number(rows[0]?.total ?? 0) };
}

export async function findComment(db: Db, id: string): Promise<CommentRow | undefined> {
  const [row] = await withAuthors(db).where(eq(comments.id, id));
  return row;
}

export async function insertComment(
  tx: Db,
  values: {
    articleId: string;
    authorId: string;
    parentId: string | null;
    body: string;
    status: CommentStatus;
    reason: HoldReason | null;
    now: Date;
  },
): Promise<string> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(comments)
    .values({ ...rest, createdAt: now })
    .returning({ id: comments.id });
  if (!row) throw new Error('comment was not written');
  return row.id;
}

export async function updateComment(
  tx: Db,
  id: string,
  set: { body: string; status: CommentStatus; reason: HoldReason | null; editedAt: Date },
): Promise<void> {
  await tx.update(comments).set(set).where(eq(comments.id, id));
}

export async function deleteComment(tx: Db, id: string): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, id));
}

/**
 * Sets the status of `ids` (held ones with `reason`, when given); answers the comments changed
 * with their status before.
 */
export async function setStatuses(
  tx: Db,
  ids: string[],
  status: CommentStatus,
  reason?: HoldReason,
): Promise<{ id: string; articleId: string; was: CommentStatus }[]> {
  if (!ids.length) return [];
  const before = await tx
    .select({ id: comments.id, articleId: comments.articleId, was: comments.status })
    .from(comments)
    .where(and(inArray(comments.id, ids), ne(comments.status, status)))
    .for('update');
  if (!before.length) return [];
  await tx
    .update(comments)
    .set({ status, ...(status === 'approved' ? { reason: null } : reason ? { reason } : {}) })
    .where(
      inArray(
        comments.id,
        before.map((b) => b.id),
      ),
    );
  return before;
}

/** The stories the comments `ids` are on. */
export async function articlesOf(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ articleId: comments.articleId })
    .from(comments)
    .where(inArray(comments.id, ids));
  return rows.map((r) => r.articleId);
}

/** What the hold rules ask of a reader's past: approved comments, and the same text lately. */
export async function authorHistory(
  db: Db,
  authorId: string,
  opts: { body: string; since: Date; except?: string },
): Promise<{ approved: number; sameText: number }> {
  const others = opts.except ? ne(comments.id, opts.except) : undefined;
  const [row] = await db
    .select({
      approved: sql<number>`count(*) filter (where ${comments.status} = 'approved')`.mapWith(
        Number,
      ),
      sameText:
        sql<number>`count(*) filter (where ${comments.createdAt} > ${opts.since} and lower(${comments.body}) = lower(${opts.body}))`.mapWith(
          Number,
        ),
    })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), others));
  return { approved: row?.approved ?? 0, sameText: row?.sameText ?? 0 };
}

/** The commenter's own account: whether their address is proved, and since when they exist. */
export async function commenterOf(
  db: Db,
  userId: string,
): Promise<{ emailConfirmedAt: Date | null; createdAt: Date; role: Role } | undefined> {
  const [row] = await db
    .select({
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Readers' reports of a comment no moderator has looked at since (issue 42 item 4). */
const openReports = sql<number>`(select count(*) from ${commentReports} where ${commentReports.commentId} = ${comments.id} and not ${commentReports.settled})`;

const queueColumns = {
  ...commentColumns,
  articleTitle: articles.name,
  reportCount: openReports.mapWith(Number),
};
export type QueueRow = CommentRow & { articleTitle: string; reportCount: number };

/**
 * The moderators' queue: comments of a status (and an article), oldest first; `reported`:
 * comments of any status with reports no moderator has looked at.
 */
export async function listQueue(
  db: Db,
  opts: { status: QueueStatus; articleId?: string; page: number; perPage: number },
): Promise<{ rows: QueueRow[]; total: number; estimated: boolean }> {
  const where: SQL | undefined = and(
    opts.status === 'reported' ? sql`${openReports} > 0` : eq(comments.status, opts.status),
    opts.articleId ? eq(comments.articleId, opts.articleId) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select(queueColumns)
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(where)
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    tally(db, comments, where),
  ]);
  return { rows, total: counted.n, estimated: !counted.exact };
}

/** A story's and its section's say on comments (issue 42 item 1); null: no say. */
export async function openFlagsOf(
  db: Db,
  articleId: string,
): Promise<{ article: boolean | null; category: boolean | null }> {
  const [row] = await db
    .select({ article: articles.commentsOpen, category: categories.commentsOpen })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(eq(articles.id, articleId));
  return { article: row?.article ?? null, category: row?.category ?? null };
}
