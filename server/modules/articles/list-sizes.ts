/*
 * How many stories a reader's list holds, for its numbered pages' "Page X of Y"
 * (docs/decisions/087, issue 71 item 2). A list of up to LIST_SIZES.keptPast stories is counted
 * when a page of it is made (a walk of its index that the bound keeps short). A bigger one is
 * counted once and its size kept in `list_sizes` for LIST_SIZES.keptMs: its pages read one row
 * instead of counting a hundred thousand index entries each. When the kept size is older than
 * that, the first reader's page (of any process: the claim is a row's update) counts again;
 * pages made meanwhile by others show the kept size. So a big list's Y may be a few minutes
 * behind its newest stories (a scheduled story's time coming, a story published or taken
 * down); the stories on the page never are.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { listSizes } from '../../../db/schema/list-sizes';

export interface ListSizeRule {
  /** A list of more stories than this has its size kept rather than counted per page. */
  keptPast: number;
  /** How long a kept size stands before a reader's page counts the list again. */
  keptMs: number;
}

export const LIST_SIZES: ListSizeRule = { keptPast: 2_000, keptMs: 10 * 60_000 };

/** The number of stories in `list` (named as `list_sizes` keys it) at `now`. */
export async function listSize(
  db: Db,
  list: string,
  count: () => Promise<number>,
  now: Date,
  rule: ListSizeRule = LIST_SIZES,
): Promise<number> {
  const [kept] = await db
    .select({ stories: listSizes.stories, countedAt: listSizes.countedAt })
    .from(listSizes)
    .where(eq(listSizes.list, list));
  if (kept) {
    const age = now.getTime() - kept.countedAt.getTime();
    if (age >= 0 && age < rule.keptMs) return kept.stories;
    // Stale: one page, of whichever process updates the row first, counts it again.
    const claimed = await db
      .update(listSizes)
      .set({ countedAt: now })
      .where(and(eq(listSizes.list, list), eq(listSizes.countedAt, kept.countedAt)))
      .returning({ list: listSizes.list });
    if (claimed.length === 0) return kept.stories;
  }
  const stories = await count();
  if (stories > rule.keptPast)
    await db
      .insert(listSizes)
      .values({ list, stories, countedAt: now })
      .onConflictDoUpdate({ target: listSizes.list, set: { stories, countedAt: now } });
  else if (kept) await db.delete(listSizes).where(eq(listSizes.list, list));
  return stories;
}
