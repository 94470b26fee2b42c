/*
 * A WordPress export's posts, a batch at a time (issue 71 item 4: 100,000 posts at 200 a
 * second): each post is made ready in turn (its category, body and images, as before), then
 * the batch's articles, tags, old addresses and import records are written with a few
 * statements for the whole batch, not several per post. What is written, and the report's
 * lines and their order, are what one post after another would have made.
 */
import {
  freeArticleSlugs,
  type ImportedArticle,
  insertImportedArticles,
  legacyIdsTaken,
  recordFormerPathsOf,
  tagImportedArticles,
} from '../articles/articles-transfer';
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
 * Imports the posts in batches of POST_BATCH; `step` is called as each is taken up. A post
 * whose key an earlier run, or an earlier post of this file, recorded is left alone.
 */
export async function importPosts(
  run: ImportRun,
  steps: PostSteps,
  items: readonly WxrItem[],
  step: () => void,
) {
  const written = new Set<string>();
  const mediaIds = new Map<string, string | null>();
  const mediaIdOf = async (url: string) => {
    if (!mediaIds.has(url)) mediaIds.set(url, await run.media.idForUrl(url, run.tx));
    return mediaIds.get(url) ?? null;
  };
  for (let start = 0; start < items.length; start += POST_BATCH) {
    const batch = items.slice(start, start + POST_BATCH);
    const before = await run.recordedAmong(
      'post',
      batch.map((item) => item.postId || item.guid),
    );
    const taken: { lines: ReportLine[]; post: PreparedPost | undefined }[] = [];
    for (const item of batch) {
      step();
      const key = item.postId || item.guid;
      const [post, lines] = await run.collect(() =>
        preparePost(run, steps, item, before.has(key) || written.has(key)),
      );
      if (post) written.add(key);
      taken.push({ lines, post });
    }
    const posts = taken.flatMap((t) => (t.post ? [t.post] : []));
    const created = await writePosts(run, posts, mediaIdOf);
    for (const { lines, post } of taken) {
      for (const line of lines) run.report(line);
      const line = post && created.get(post);
      if (line) run.report(line);
    }
  }
}

/** Writes a batch of posts as articles; answers each one's report line. */
async function writePosts(
  run: ImportRun,
  posts: PreparedPost[],
  mediaIdOf: (url: string) => Promise<string | null>,
): Promise<Map<PreparedPost, ReportLine>> {
  const lines = new Map<PreparedPost, ReportLine>();
  if (posts.length === 0) return lines;
  const { tx, now } = run;
  const slugs = await freeArticleSlugs(tx, posts.map(slugBase));
  const legacyIds = posts.map(legacyIdOf);
  const takenIds = await legacyIdsTaken(
    tx,
    legacyIds.filter((id) => id !== undefined),
  );
  const values: ImportedArticle[] = [];
  for (const [i, post] of posts.entries()) {
    const legacy = legacyIds[i];
    const legacyId = legacy !== undefined && !takenIds.has(legacy) ? legacy : null;
    if (legacyId !== null) takenIds.add(legacyId);
    values.push(
      articleOf(now, post, {
        slug: slugs[i] as string,
        legacyId,
        imageMediaId: post.imageUrl ? await mediaIdOf(post.imageUrl) : null,
      }),
    );
  }
  const ids = await insertImportedArticles(tx, values);
  await tagImportedArticles(
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
  for (const [i, post] of posts.entries())
    lines.set(post, createdLine(post, slugs[i] as string, refused[i] ?? []));
  return lines;
}
