/*
 * The editions a newsletter, an alert or a house ad may be bound to (issue 65 item 6), as
 * options of a select: the tree's order (parents first, as GET /api/editions answers), each
 * name in the back office's language, indented by its depth so a city reads under its state.
 */
import type { StaffLanguage } from '../../../common/languages';
import type { Edition } from '../../../common/schemas/editions';

/** What an edition select needs of an edition. */
export type EditionChoice = Pick<Edition, '_id' | 'kind' | 'names'>;

const DEPTH = { national: 0, state: 1, city: 2, town: 3 } as const;

/** An edition's name in `lang`, indented by its depth with no-break spaces. */
export const editionLabel = (e: EditionChoice, lang: StaffLanguage) =>
  `${'\u00a0\u00a0'.repeat(DEPTH[e.kind])}${lang === 'hi' ? e.names.hi : e.names.en}`;

/** `<option>`s for the editions below a first option with no edition (`none`). */
export function EditionOptions({
  editions,
  lang,
  none,
}: {
  editions: readonly EditionChoice[];
  lang: StaffLanguage;
  none: string;
}) {
  return (
    <>
      <option value="">{none}</option>
      {editions
        .filter((e) => e.kind !== 'national')
        .map((e) => (
          <option key={e._id} value={e._id}>
            {editionLabel(e, lang)}
          </option>
        ))}
    </>
  );
}
