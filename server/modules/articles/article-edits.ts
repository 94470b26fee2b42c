/*
 * An article's create and update (also a revision's restore, asked by the newsroom), each one
 * transaction through the outbox (article-saves.ts says what a write carries with it).
 */
import { type ArticleInput } from '../../../common/schemas/article-input';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { articleAccess, mayChange } from './article-access';
import type { ArticlePartsDeps } from './article-deps';
import { runHooks, type WriteRecord } from './article-hooks';
import { checkCorrection, recordCorrection } from './article-corrections';
import {
  bylinesOf,
  checkTranslation,
  chooseSlug,
  legacyConflict,
  liveValues,
  valuesFrom,
} from './article-values';
import {
  insertArticle,
  lockArticle,
  updateArticle,
  type StoredState,
} from './article-writes-repository';
import { placeEditions } from './article-editions';

import { finishWrite, needImageToPublish } from './article-write-steps';
/** The time an update goes out at, and whether it is a publish (going out, or at another time). */
function publication(before: StoredState, input: ArticleInput, now: Date) {
  const status = input.status ?? before.status;
  const publishedAt = input.publishedAt
    ? new Date(input.publishedAt)
    : before.status !== 'published' && status === 'published'
      ? now
      : before.publishedAt;
  // Editing what is already out is not a publish; going out, or at another time, is.
  const publishes =
    status === 'published' &&
    (before.status !== 'published' || publishedAt.getTime() !== before.publishedAt.getTime());
  return { status, publishedAt, publishes };
}

export async function createArticle(
  deps: ArticlePartsDeps,
  actor: Actor | null,
  input: ArticleInput,
): Promise<string> {
  const a = requireRole(actor, 'author', 'article.write_forbidden');
  const slug = await chooseSlug(deps.db, input);
  const bylines = bylinesOf(input, { writer: a.id });
  const { segment: _segment, ...values } = await valuesFrom(deps, a, input, { slug, bylines });
  const now = deps.clock.now();
  const status = input.status ?? 'published';
  needImageToPublish(status, values.imageUrl);
  checkCorrection(input.correction, { before: undefined, after: status });
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
  const translationId = await checkTranslation(
    deps,
    a,
    { ...values, status, publishedAt },
    input.translationId,
  );
  const publishes = status === 'published';
  const placement = await placeEditions(deps, a, input, undefined);
  await runHooks(deps.hooks.beforeWrite, {
    actor: a,
    before: undefined,
    status,
    publishedAt,
    publishes,
  });
  try {
    return await deps.outbox.transaction(async (tx, record) => {
      const id = await insertArticle(
        tx,
        {
          ...values,
          ...liveValues(input.liveBlog, undefined, now),
          status,
          publishedAt,
          createdAt: now,
          primaryEditionId: placement.primary,
        },
        translationId,
      );
      const parts = { tags: input.tags, coAuthors: bylines.slice(1), editions: placement.editions };
      await finishWrite(deps, tx, record, {
        id,
        userId: a.id,
        record: { kind: 'save' },
        before: undefined,
        parts,
        now,
      });
      return id;
    });
  } catch (error) {
    return legacyConflict(error);
  }
}

/** An edit, recorded as a revision of `record.kind` (a save, or a restore). */
export async function updateArticleAs(
  deps: ArticlePartsDeps,
  actor: Actor | null,
  id: string,
  input: ArticleInput,
  record: WriteRecord,
): Promise<void> {
  const { actor: a, stored: seen } = await articleAccess(deps).editable(actor, id);
  const slug = input.slug ? await chooseSlug(deps.db, input, id) : seen.slug;
  const bylines = bylinesOf(input, { writer: a.id, before: seen });
  const values = await valuesFrom(deps, a, input, { slug, bylines, before: seen });
  const now = deps.clock.now();
  const { status, publishedAt, publishes } = publication(seen, input, now);
  const translationId = await checkTranslation(
    deps,
    a,
    { id, language: values.language, status, publishedAt },
    input.translationId,
  );
  needImageToPublish(status, values.imageUrl);
  checkCorrection(input.correction, { before: seen.status, after: status });
  // Editions are placed only when the save names them: left out, they stay as stored.
  const placement =
    input.editions || input.primaryEdition ? await placeEditions(deps, a, input, seen) : undefined;
  await runHooks(deps.hooks.beforeWrite, {
    actor: a,
    before: seen,
    status,
    publishedAt,
    publishes,
  });
  // A note is for the author while the piece is back in draft; any other move clears it.
  const full = {
    ...values,
    ...liveValues(input.liveBlog, seen, now),
    status,
    publishedAt,
    reviewNote: status === 'draft' ? undefined : '',
    updatedAt: now,
    ...(placement ? { primaryEditionId: placement.primary } : {}),
  };
  try {
    await deps.outbox.transaction(async (tx, events) => {
      const stored = await lockArticle(tx, id);
      if (!stored) throw notFound('article.not_found');
      mayChange(a, stored);
      if (input.updatedAt && new Date(input.updatedAt).getTime() < stored.updatedAt.getTime())
        throw conflict('article.stale');
      await updateArticle(tx, { ...stored, id }, full, translationId);
      const parts = {
        tags: input.tags,
        coAuthors: bylines.slice(1),
        ...(placement ? { editions: placement.editions } : {}),
      };
      // A correction is on the record with the save that made it (its revision keeps the note).
      const note = input.correction;
      const as = note === undefined ? record : { ...record, correction: note };
      await finishWrite(deps, tx, events, {
        id,
        userId: a.id,
        record: as,
        before: stored,
        parts,
        now,
      });
      if (note !== undefined)
        await recordCorrection(tx, events, {
          articleId: id,
          userId: a.id,
          note,
          title: full.name,
          now,
        });
    });
  } catch (error) {
    return legacyConflict(error);
  }
}
