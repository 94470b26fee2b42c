import type { Config } from '../../env';
import type { EventBus } from '../../events/event-bus';
import type { JobsService } from '../jobs/jobs-service';
import { createSecretBox, loadSecretsKey } from '../../lib/secret-box';
import type { FediverseDeps } from './fediverse-deps';
import { createFediverseService, FEDIVERSE_KV_TRIM_JOB } from './fediverse-service';

const HOUR_MS = 3_600_000;

/**
 * The fediverse wired (docs/decisions/054): its service, the events' consumer `fediverse`
 * (once across processes, at least once, in order), and the hourly trim of Fedify's cache.
 * Addresses inside our network are allowed by the webhooks' switch, WEBHOOKS_ALLOW_PRIVATE.
 */
export function createFediverse(
  config: Config,
  deps: Omit<FediverseDeps, 'publicUrl' | 'allowPrivate' | 'box' | 'jobs'> & {
    jobs: Pick<JobsService, 'handle' | 'schedule' | 'scheduleOnce'>;
    events: Pick<EventBus, 'once'>;
  },
) {
  const key = loadSecretsKey(config);
  const fediverse = createFediverseService({
    ...deps,
    publicUrl: config.publicUrl,
    allowPrivate: config.webhooksAllowPrivate,
    box: key ? createSecretBox(key) : undefined,
  });
  deps.events.once('fediverse', (batch) => fediverse.consume(batch));
  const { jobs, clock } = deps;
  const scheduleTrim = () =>
    jobs.schedule({
      key: FEDIVERSE_KV_TRIM_JOB,
      kind: FEDIVERSE_KV_TRIM_JOB,
      subjectId: null,
      runAt: new Date(clock.now().getTime() + HOUR_MS),
    });
  jobs.handle(FEDIVERSE_KV_TRIM_JOB, async () => {
    await fediverse.trimKv();
    await scheduleTrim();
  });
  return {
    ...fediverse,
    /** The first trim, unless one is already set (by this or another process). */
    scheduleTrim: () =>
      jobs.scheduleOnce({
        key: FEDIVERSE_KV_TRIM_JOB,
        kind: FEDIVERSE_KV_TRIM_JOB,
        subjectId: null,
        runAt: new Date(clock.now().getTime() + HOUR_MS),
      }),
  };
}
export type Fediverse = ReturnType<typeof createFediverse>;
