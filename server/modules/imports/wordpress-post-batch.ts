/*
 * A WordPress export's posts, a batch at a time (issue 71 item 4: 100,000 posts at 200 a
 * second): each post is made ready in turn (its category, body and images, as before), then
 * the batch's articles, tags, old addresses, import records and search rows are written with a
 * few statements for the whole batch, not several per post. A batch is written while the next
 * one is read from the file and made ready (its search columns too), so Node's work and the
 * database's overlap. What is written, and the report's lines and their order, are what one
 * post after another would have made.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  freeArticleSlugs,
  type ImportedArticle,
  insertImportedArticles,
  legacyIdsTaken,
  recordFormerPathsOf,
  tagImportedArticles,
  tagsByAddress,
} from '../articles/articles-transfer';
import { type SearchColumns, searchKeywords } from '../../../common/search/search-document';
import {
  importedIndexRow,
  importedSearchColumns,
  writeImportedIndexRows,
} from '../search/search-transfer';
import { formerPaths } from './wordpress-content';
import {
  articleOf,
  createdLine,
  legacyIdOf,
  preparePost,
  slugBase,
  type PreparedPost,
} from './wordpress-posts';
import type { ImportRun, PostSteps, ReportLine } from './wordpress-run';
import type { WxrItem } from './wxr-types';

/** Posts made ready before their batch is written. */
export const POST_BATCH = 500;

/**
 * Posts made ready between two turns of the event loop: the batch being written goes on (its
 * answers are read, its next statement sent) while the next one is made ready.
 */
const POSTS_A_TURN = 10;

/**
 * A post ready to be written: its article row and search columns made from its slug's base
 * and its tags' names as the post gives them, the two things its writing may still change.
 */
interface Ready {
  post: PreparedPost;
  article: ImportedArticle;
  tags: string[];
  columns: SearchColumns;
}

/** A post made ready (or not, when it is left alone), with the lines its making reported. */
interface Taken {
  lines: ReportLine[];
  ready: Ready | undefined;
}

/** What search indexes of an article with these tags (search-hooks.ts says the same). */
const searchDocument = (article: ImportedArticle, tags: readonly string[]) => ({
  name: article.name,
  slug: article.slug,
  metaKeywords: searchKeywords(article.metaKeywords, tags),
  // Imported articles are free to read (`access` is its default): their whole body.
  description: article.description,
  status: article.status,
  publishedAt: article.publishedAt,
  language: article.language,
});

/** A post's article row and search columns, before its batch is written (`Ready`). */
function readied(now: Date, post: PreparedPost): Ready {
  const article = articleOf(now, post, {
    slug: slugBase(post),
    legacyId: null,
    imageMediaId: null,
  });
  const tags = tagsByAddress(post.tagNames).map((t) => t.name);
  return { post, article, tags, columns: importedSearchColumns(searchDocument(article, tags)) };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The items in lists of `size`, each read from the file as it is asked for. */
async function* batchesOf<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Imports the posts in batches of POST_BATCH; `step` is called as each is taken up, and
 * `indexing` hears the time spent making each batch's search rows. A post whose key an
 * earlier run, or an earlier post of this file, recorded is left alone.
 */
export async function importPosts(
  run: ImportRun,
  steps: PostSteps,
  items: AsyncIterable<WxrItem>,
  step: () => void,
  indexing: (ms: number) => void,
) {
  const written = new Set<string>();
  const mediaIds = new Map<string, string | null>();
  const mediaIdOf = async (url: string) => {
    if (!mediaIds.has(url)) mediaIds.set(url, await run.media.idForUrl(url, run.tx));
    return mediaIds.get(url) ?? null;
  };
  // The batch being written, answering its lines. One batch is written at a time: the next
  // one's free slugs and legacy ids are asked for once this one's articles are in. Its lines
  // are reported between makings, never while `collect` holds the report back.
  let writing: Promise<ReportLine[]> | undefined;
  // The first thing to fail is the one the import reports: once a statement has failed, the
  // transaction's next ones fail only because it did ("current transaction is aborted").
  let failure: { error: unknown } | undefined;
  const reportWritten = async () => {
    const lines = writing ? await writing : [];
    writing = undefined;
    for (const line of lines) run.report(line);
  };
  try {
    for await (const batch of batchesOf(items, POST_BATCH)) {
      const before = await run.recordedAmong(
        'post',
        batch.map((item) => item.postId || item.guid),
      );
      const taken: Taken[] = [];
      for (const [i, item] of batch.entries()) {
        if (i % POSTS_A_TURN === 0) await nextTurn();
        step();
        const key = item.postId || item.guid;
        const [post, lines] = await run.collect(() =>
          preparePost(run, steps, item, before.has(key) || written.has(key)),
        );
        if (post) written.add(key);
        const at = performance.now();
        taken.push({ lines, ready: post && readied(run.now, post) });
        indexing(performance.now() - at);
      }
      await reportWritten();
      writing = writeBatch(run, taken, mediaIdOf, indexing);
      // Awaited before the next batch is written or at the end; a failure is thrown there.
      writing.catch((error: unknown) => (failure ??= { error }));
    }
    await reportWritten();
  } catch (error) {
    failure ??= { error };
    // Nothing of this import may still be running when its transaction is rolled back.
    await writing?.catch(() => undefined);
    throw failure.error;
  }
}

/** Writes a batch's posts; answers its report lines, each post's in the order it was taken. */
async function writeBatch(
  run: ImportRun,
  taken: Taken[],
  mediaIdOf: (url: string) => Promise<string | null>,
  indexing: (ms: number) => void,
): Promise<ReportLine[]> {
  const ready = taken.flatMap((t) => (t.ready ? [t.ready] : []));
  const created = await writePosts(run, ready, mediaIdOf, indexing);
  return taken.flatMap(({ lines, ready: r }) => {
    const line = r && created.get(r.post);
    return line ? [...lines, line] : lines;
  });
}

/** Writes a batch of posts as articles, indexed for search; answers each one's report line. */
async function writePosts(
  run: ImportRun,
  ready: Ready[],
  mediaIdOf: (url: string) => Promise<string | null>,
  indexing: (ms: number) => void,
): Promise<Map<PreparedPost, ReportLine>> {
  const lines = new Map<PreparedPost, ReportLine>();
  if (ready.length === 0) return lines;
  const { tx } = run;
  const posts = ready.map((r) => r.post);
  const slugs = await freeArticleSlugs(tx, posts.map(slugBase));
  const legacyIds = posts.map(legacyIdOf);
  const takenIds = await legacyIdsTaken(
    tx,
    legacyIds.filter((id) => id !== undefined),
  );
  const values: ImportedArticle[] = [];
  for (const [i, { post, article }] of ready.entries()) {
    const legacy = legacyIds[i];
    const legacyId = legacy !== undefined && !takenIds.has(legacy) ? legacy : null;
    if (legacyId !== null) takenIds.add(legacyId);
    values.push({
      ...article,
      slug: slugs[i] as string,
      legacyId,
      imageMediaId: post.imageUrl ? await mediaIdOf(post.imageUrl) : null,
    });
  }
  const ids = await insertImportedArticles(tx, values);
  const tagNames = await tagImportedArticles(
    tx,
    posts.map((post, i) => ({
      articleId: ids[i] as string,
      names: post.tagNames,
      status: post.status,
      publishedAt: values[i]!.publishedAt,
    })),
  );
  const refused = await recordFormerPathsOf(
    tx,
    posts.map((post, i) => ({
      articleId: ids[i] as string,
      paths: formerPaths(run.wxr.siteUrl, post.item),
    })),
  );
  await run.recordAll(
    'post',
    posts.map((post, i) => ({ key: post.key, targetId: ids[i] as string })),
  );
  // What came in is found by search at once, in the same transaction, indexed from what was
  // written here rather than read back: the columns made beforehand, made again for a post
  // whose slug was taken or whose tags are known here under another spelling.
  const at = performance.now();
  const rows = ready.map((r, i) => {
    const value = values[i] as ImportedArticle;
    const tags = tagNames[i] ?? [];
    const same = value.slug === r.article.slug && sameList(tags, r.tags);
    const doc = { articleId: ids[i] as string, ...searchDocument(value, tags) };
    return importedIndexRow(doc, same ? r.columns : undefined);
  });
  indexing(performance.now() - at);
  await writeImportedIndexRows(tx, rows);
  for (const [i, post] of posts.entries())
    lines.set(post, createdLine(post, slugs[i] as string, refused[i] ?? []));
  return lines;
}
