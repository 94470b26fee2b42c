import type { Correction } from '../../../common/schemas/corrections';

/**
 * A story's corrections in its JSON-LD (issue 43 item 3): schema.org's `correction`, each a
 * `CorrectionComment` with its note and when it was made (https://schema.org/correction).
 * Nothing when it has none. The page's JSON-LD is serialised escaped (jsonLd), so a note's
 * `</script>` stays text.
 */
export function correctionsOf(corrections: readonly Correction[] | undefined) {
  if (!corrections || corrections.length === 0) return {};
  return {
    correction: corrections.map((c) => ({
      '@type': 'CorrectionComment',
      text: c.note,
      datePublished: c.correctedAt,
    })),
  };
}
