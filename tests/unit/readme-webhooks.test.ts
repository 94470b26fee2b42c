/*
 * README states the webhooks' retry schedule, when a delivery is given up and when a webhook is
 * disabled (issue 72 item 2): this keeps those sentences true to the constants that decide them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DISABLE_AFTER_MS,
  GIVE_UP_MS,
  RETRY_DELAYS_MS,
} from '../../server/modules/webhooks/webhook-delivery';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** 5000 → "5 s", 300000 → "5 min", 7200000 → "2 h", as README writes them. */
function spoken(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

describe("README's webhooks paragraph", () => {
  it('names the retry schedule, the give-up point and the disabling as the code has them', () => {
    const words = RETRY_DELAYS_MS.map(spoken);
    const schedule = `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
    const text = readme.replace(/\s+/g, ' ');
    expect(text).toContain(`**${schedule}**`);
    expect(text).toContain(`more than **${GIVE_UP_MS / 3_600_000} hours** after the event`);
    expect(text).toContain(`**${DISABLE_AFTER_MS / 86_400_000} days** is **disabled**`);
  });
});
