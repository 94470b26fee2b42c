/*
 * The elections module's door for the site archive (server/modules/README.md): elections, their
 * seats, parties, alliances, candidates and every result snapshot the desk saved travel whole
 * (a moved site keeps its counting days' record, issue 69 item 2), and a rehearsal's day.
 */
import {
  electionAlliances,
  electionCandidates,
  electionParties,
  electionReplaySteps,
  electionResults,
  elections,
  electionSeats,
} from '../../../db/schema/elections';

/** Tables this module lets the archive copy, each after the ones it names. */
export const ELECTION_TABLES = [
  elections,
  electionSeats,
  electionAlliances,
  electionParties,
  electionCandidates,
  electionResults,
  electionReplaySteps,
] as const;
