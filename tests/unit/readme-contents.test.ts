/*
 * What README says, kept true (issue 72 items 2 and 3): the webhooks' retry schedule, when a
 * delivery is given up and a webhook disabled, as the constants that decide them; a sample log
 * line with its request id, status and time; operations (poolers, front caches, replicas,
 * purges, bench runs) in docs/, README only pointing there.
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

describe("README's operations", () => {
  it('shows one sample log line with its request id, status and time', () => {
    const sample = /```text\n(\{"level".*\})\n```/.exec(readme)?.[1];
    expect(sample).toBeDefined();
    const line = JSON.parse(sample!) as Record<string, unknown>;
    expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.res).toMatchObject({ statusCode: expect.any(Number) });
    expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('leaves operations to docs/: outside the configuration table, a few lines point there', () => {
    const prose = readme.split('\n').filter((line) => !line.startsWith('|'));
    const operations = prose.filter((line) => /pgbouncer|varnish|replica|purge|bench/i.test(line));
    // The contents' pointer (two lines), search's relevance figures, where readers' "Most read"
    // is read (issue 70 item 4 asks README to say so), the sizing link, the layout.
    expect(operations.length, operations.join('\n')).toBeLessThanOrEqual(6);
  });
});
