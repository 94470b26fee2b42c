import type { Correction } from '../../../common/schemas/corrections';
import { xml } from './xml';

/**
 * A feed item's corrections on the record (issue 43 item 3), newest first: as text after its
 * excerpt, and as paragraphs after its full text. Feeds state no interface language of their
 * own (their channel texts are English), so the line is English with the date as ISO 8601.
 */
export function correctionLines(corrections: readonly Correction[]) {
  const lines = corrections.map((c) => `Corrected on ${c.correctedAt.slice(0, 10)}: ${c.note}`);
  return {
    text: lines.map((line) => `\n${line}`).join(''),
    html: lines.map((line) => `<p class="correction">${xml(line)}</p>`).join(''),
  };
}
