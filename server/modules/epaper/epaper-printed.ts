/*
 * Which stories any e-paper box links (issue 68 item 1), kept in every process: an uncached
 * article page asks where its story was printed, and for the stories no box links (nearly all)
 * the answer is known without a query. Each process reads the set once and forgets it when a
 * box changes anywhere (`epaper.zone`, every process's consumer). A story that is in the set
 * is asked of the database as before: an issue's status and its publishing time still decide
 * what readers see, and an id left over (a box removed with its page) only costs that query.
 */
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { epaperZones } from '../../../db/schema/epaper-zones';
import type { EventBus } from '../../events/event-bus';

export function keptPrintedStories(db: Db, events: Pick<EventBus, 'everyProcess'>) {
  let kept: Promise<Set<string>> | undefined;
  const read = async () => {
    const rows = await db
      .selectDistinct({ id: epaperZones.storyId })
      .from(epaperZones)
      .where(isNotNull(epaperZones.storyId));
    return new Set(rows.map((r) => r.id!));
  };
  events.everyProcess('epaper-printed-stories', async (batch) => {
    if (batch.some((event) => event.type === 'epaper.zone')) kept = undefined;
  });
  return {
    /** Whether any box links the story (a box may have changed since: then read again). */
    async linked(storyId: string): Promise<boolean> {
      kept ??= read().catch((error: unknown) => {
        kept = undefined;
        throw error;
      });
      return (await kept).has(storyId);
    },
  };
}
