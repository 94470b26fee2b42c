/*
 * Each election's projected shapes, kept in this process (issue 69 item 4): shapes change only
 * when seats are imported (`election.imported`, which every process hears and forgets the
 * election's maps by), so a map is made from kept path strings and this moment's colours.
 */
import type { Db } from '../../../db/client';
import { projectShapes, type ProjectedMap } from './elections-map';
import { seatShapes } from './elections-repository';

/** Maps kept at most (an election's whole map and its states' are one each). */
const KEPT_MAPS = 80;

export function createElectionMaps(db: Db) {
  const kept = new Map<string, Promise<ProjectedMap>>();
  return {
    /** The election's (or one state's) shapes, projected once and kept. */
    projected(electionId: string, state?: string): Promise<ProjectedMap> {
      const key = `${electionId}/${state ?? ''}`;
      let map = kept.get(key);
      if (!map) {
        map = seatShapes(db, electionId, state).then(projectShapes);
        // A failed read (the database away) is not kept.
        map.catch(() => kept.delete(key));
        if (kept.size >= KEPT_MAPS) kept.delete(kept.keys().next().value!);
        kept.set(key, map);
      }
      return map;
    },
    /** Forgets an election's maps: its seats came in again. */
    forget(electionId: string) {
      for (const key of kept.keys()) if (key.startsWith(`${electionId}/`)) kept.delete(key);
    },
  };
}
export type ElectionMaps = ReturnType<typeof createElectionMaps>;
