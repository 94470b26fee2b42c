/*
 * What the media module needs from the composition root, and what the media service's parts
 * share; beside the parts, so none of them imports the file that composes them.
 */
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { createSemaphore } from '../../lib/semaphore';
import type { Outbox } from '../../events/outbox';
import type { MediaStorage } from './media-storage';

/**
 * The job that makes an upload's AVIF variants after its answer (docs/decisions/035); its
 * subject is the upload's id, its key `media-variants:<id>`.
 */
export const MEDIA_VARIANTS_JOB = 'media-variants';

/** The part of the jobs service uploads use: a job to make their AVIF variants later. */
export interface MediaJobs {
  schedule(job: {
    key: string;
    kind: string;
    subjectId: string | null;
    runAt: Date;
  }): Promise<unknown>;
}

/** What the media module needs; the composition root passes it. */
export interface MediaDeps {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  /**
   * Where an upload's AVIF variants are left to (docs/decisions/035). Without it, or inside a
   * caller's transaction (an import), they are made before the upload answers.
   */
  jobs?: MediaJobs;
  /** The storage to use inside a caller's transaction (MEDIA_STORAGE=db writes through it). */
  storageIn?: (tx: Db) => MediaStorage;
  /** Seconds an upload's decoding may take (DECODE_DEADLINE_SECONDS; whole seconds, sharp's). */
  decodeSeconds?: number;
  /** Uploads and deletes are events others follow (server/events); left out, none is written. */
  outbox?: Outbox;
}

/** What the media service's parts share: the deps, and one bound on images decoded at once. */
export interface MediaContext {
  db: Db;
  storage: MediaStorage;
  clock: Clock;
  storageIn: (tx: Db) => MediaStorage;
  decoding: ReturnType<typeof createSemaphore>;
  /**
   * A decoding slot taken for `person` (the uploader): their turn among their own uploads
   * first, then the process's slot, so waiting for their own turn never holds one of
   * IMAGES_AT_ONCE. Without a person (imports, the demo seed), the process's slot alone.
   */
  decodeFor: <T>(person: string | null | undefined, task: () => Promise<T>) => Promise<T>;
  /** Seconds an upload's decoding may take; stored originals are not limited. */
  decodeSeconds: number;
  jobs?: MediaJobs;
  outbox?: Outbox;
}
