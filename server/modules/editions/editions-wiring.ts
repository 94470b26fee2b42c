/*
 * The editions module's parts wired together (issue 65): the service, and its rule of where a
 * story may be placed plugged into the articles' hooks (the articles module imports no other
 * module). The composition root (server/services.ts, through server/content-wiring.ts) calls
 * this once, after the articles.
 */
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Outbox } from '../../events/outbox';
import type { EditionArticles } from './editions-deps';
import { createEditionsService } from './editions-service';
import type { AskedPlacement } from './edition-desks';
import type { Actor } from '../../lib/actor';
import type { EditionsDeps, Placement } from './editions-deps';

/** The articles' hook this module fills (articles/article-hooks.ts `placeEditions`). */
interface PlacementHook {
  placeEditions?: (
    actor: Actor,
    asked: AskedPlacement,
    stored: Placement | undefined,
  ) => Promise<Placement>;
  deskEditions?: (userId: string) => Promise<string[]>;
}

export function createEditions(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  kept: EditionsDeps['kept'];
  articles: EditionArticles & { hooks: PlacementHook };
}) {
  const editions = createEditionsService(deps);
  deps.articles.hooks.placeEditions = (actor, asked, stored) =>
    editions.place(actor, asked, stored);
  deps.articles.hooks.deskEditions = (userId) => editions.deskOf(userId);
  return editions;
}
