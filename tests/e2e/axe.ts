/*
 * axe-core as every journey runs it: violations only, the serious and critical ones kept, each
 * told as one readable paragraph.
 */
import type AxeBuilder from '@axe-core/playwright';

/**
 * Runs `builder` and answers its serious and critical violations, one paragraph each (empty when
 * there are none). axe is asked for its violations alone (`resultTypes`): it still runs every
 * rule on every element, but builds the selectors of what passed or could not be judged for one
 * element of each rule instead of all, which was a fifth of its time on a back-office screen.
 */
export async function seriousViolations(builder: AxeBuilder): Promise<string[]> {
  const { violations } = await builder.options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nodes, ${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    );
}
