/*
 * The editions module's service (issue 65, DECISIONS.md §30): reads of the tree
 * (edition-reads.ts), administrators' writes (edition-writes.ts), desks and where a story may
 * be placed (edition-desks.ts). Composed here; editions-wiring.ts builds it.
 */
import type { EditionsDeps } from './editions-deps';
import { editionDesks } from './edition-desks';
import { editionHomes } from './edition-homes';
import { editionReads } from './edition-reads';
import { editionWrites } from './edition-writes';

export function createEditionsService(deps: EditionsDeps) {
  return {
    ...editionReads(deps),
    ...editionWrites(deps),
    ...editionDesks(deps),
    ...editionHomes(deps),
  };
}

export type EditionsService = ReturnType<typeof createEditionsService>;
