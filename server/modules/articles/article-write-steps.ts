/*
 * What every article write shares (article-saves.ts, article-edits.ts, article-edition-moves.ts):
 * the image a publish needs, the row read back once written, and what a write does in its
 * transaction once its row is written.
 */
import type { ArticleStatus } from '../../../common/articles';
import type { Db } from '../../../db/client';
import { fieldError } from '../../lib/errors';
import type { RecordEvents } from '../../events/outbox';
import type { ArticlePartsDeps } from './article-deps';
import { articleEvents } from './article-events';
import { runHooks, type WriteRecord } from './article-hooks';
import { findArticleById, type FullRow } from './articles-repository';
import { findStoredState, type StoredState } from './article-writes-repository';
import { setCoAuthors } from './bylines-repository';
import { setArticleTags } from './tags-repository';
import { setArticleEditions } from './article-editions-repository';

/**
 * Publishing or scheduling needs an image; a draft or a piece in review may have none yet
 * (DECISIONS.md §18). A save and a status move (the newsroom's) both ask it.
 */
export function needImageToPublish(status: ArticleStatus, imageUrl: string) {
  if (status === 'published' && !imageUrl)
    throw fieldError('body.imageUrl', 'article.image_to_publish');
}

/** An article just written: it exists, or something is badly wrong. */
export async function mustFind(db: Db, id: string): Promise<FullRow> {
  const row = await findArticleById(db, id);
  if (!row) throw new Error(`article ${id} vanished after it was written`);
  return row;
}

/** A write of article `id` in its transaction, once its own row is written. */
export interface WriteDone {
  id: string;
  userId: string;
  record: WriteRecord;
  /** What it was, under the write's lock (undefined: a new article). */
  before: StoredState | undefined;
  /** Its further bylines and tags when the save names them (left out, they stay). */
  parts?: { tags: string[] | undefined; coAuthors: string[]; editions?: string[] };
  now: Date;
}

/**
 * What every write does in its transaction once the row is written: its further bylines and
 * tags, the hooks plugged in (the revision, search's row), and its events.
 */
export async function finishWrite(
  deps: ArticlePartsDeps,
  tx: Db,
  record: RecordEvents,
  w: WriteDone,
): Promise<void> {
  if (w.parts) {
    await setCoAuthors(tx, w.id, w.parts.coAuthors);
    if (w.parts.tags !== undefined) await setArticleTags(tx, w.id, w.parts.tags);
    if (w.parts.editions) await setArticleEditions(tx, w.id, w.parts.editions);
  }
  const row = await mustFind(tx, w.id);
  await runHooks(deps.hooks.inWrite, tx, { id: w.id, userId: w.userId, record: w.record, row });
  const after = await findStoredState(tx, w.id);
  record(
    ...articleEvents(w.id, { title: row.name, before: w.before, after, by: w.userId, now: w.now }),
  );
}
