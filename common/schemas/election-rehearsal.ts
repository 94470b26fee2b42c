/*
 * A rehearsal of counting day (issue 69 item 6, docs/decisions/072): an election's recorded day
 * (or a synthetic one made from its final results) replayed at a chosen speed on a copy of it,
 * `{slug}-rehearsal`, so the desk can practise on pages readers never see as real results.
 */
import { z } from 'zod';

/** The fastest replay: a twelve-hour day in twelve seconds. */
export const REHEARSAL_SPEED_MAX = 3600;

/** `POST /api/elections/{slug}/rehearsal` (administrators). */
export const RehearsalInputSchema = z.object({
  /** Times real time: 60 plays an hour of the recorded day in a minute. */
  speed: z.number().min(1).max(REHEARSAL_SPEED_MAX).default(60),
  /**
   * `snapshots`: the recorded saves; `synthetic`: a day made from the final results; `auto`:
   * the recorded saves when they span a day rather than one import.
   */
  from: z.enum(['auto', 'snapshots', 'synthetic']).default('auto'),
});
export type RehearsalInput = z.infer<typeof RehearsalInputSchema>;

/** A rehearsal's state: what it copies, how fast, how far it has come, when it ends. */
export const RehearsalStateSchema = z.object({
  of: z.string().nullable(),
  ofSlug: z.string(),
  from: z.enum(['snapshots', 'synthetic']),
  speed: z.number(),
  startedAt: z.string(),
  played: z.int(),
  total: z.int(),
  span: z.number(),
  stoppedAt: z.string().nullable(),
});
export type RehearsalState = z.infer<typeof RehearsalStateSchema>;

/** The rehearsal as the API answers it: its election's address and its state. */
export const RehearsalSchema = z.object({
  slug: z.string(),
  rehearsal: RehearsalStateSchema,
  /** When its last save is due (startedAt + span / speed). */
  endsAt: z.string(),
  running: z.boolean(),
});
export type Rehearsal = z.infer<typeof RehearsalSchema>;
