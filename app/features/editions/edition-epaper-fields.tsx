/*
 * An edition's e-paper on its form (issue 68 item 3, docs/decisions/074): who reads its printed
 * pages whole (everyone, members whose plan includes the e-paper, paid members) and the pages
 * everyone reads whatever that is. Typed as a choice and a list of numbers; sent as the editions
 * API's `epaper: { access, freePages }` (the shared EditionInputSchema checks it again).
 */
import { z } from 'zod';
import { EPAPER_MAX_PAGES } from '../../../common/epaper';
import {
  DEFAULT_EDITION_EPAPER,
  EPAPER_ACCESS,
  type EditionEpaper,
} from '../../../common/epaper-access';
import { EditionInputSchema } from '../../../common/schemas/editions';
import { issueSays } from '../../../common/refusals/schema-refusals';
import { FormSelect, FormTextField } from '../../components/form/fields';
import { useAdminInterface } from '../../copy/admin-language';
import { editionTreeCopyIn } from '../../copy/edition-tree';

const FIELD = 'epaper.freePages';
/** The numbers of a typed list ("1, 2" or "1 2"); empty for none. */
const numbersOf = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);

/** The form's two e-paper fields, checked as the server checks `epaper`. */
export const EditionEpaperFormShape = {
  epaperAccess: EditionInputSchema.shape.epaper.removeDefault().shape.access,
  freePages: z
    .string()
    .max(EPAPER_MAX_PAGES * 5)
    .superRefine((typed, ctx) => {
      for (const n of numbersOf(typed)) {
        const page = Number(n);
        const issue = !/^\d+$/.test(n)
          ? issueSays('validation.not_number', { field: FIELD })
          : page < 1
            ? issueSays('validation.at_least', { field: FIELD, minimum: 1 })
            : page > EPAPER_MAX_PAGES
              ? issueSays('validation.at_most', { field: FIELD, maximum: EPAPER_MAX_PAGES })
              : undefined;
        if (issue) {
          ctx.addIssue({ code: 'custom', ...issue });
          return;
        }
      }
    }),
};

type EpaperForm = { epaperAccess: EditionEpaper['access']; freePages: string };

/** The fields of an edition's setting (a new edition's: free, page 1 free). */
export const epaperDraftOf = (epaper: EditionEpaper = DEFAULT_EDITION_EPAPER): EpaperForm => ({
  epaperAccess: epaper.access,
  freePages: epaper.freePages.join(', '),
});

/** The API's `epaper` of the fields: each page once, in order. */
export const epaperInputOf = (form: EpaperForm): EditionEpaper => ({
  access: form.epaperAccess,
  freePages: [...new Set(numbersOf(form.freePages).map(Number))].sort((a, b) => a - b),
});

/** The e-paper's fieldset of the edition's form. */
export function EditionEpaperFields() {
  const ui = useAdminInterface();
  const t = editionTreeCopyIn(ui.lang);
  return (
    <fieldset className="vstack gap-2">
      <legend className="form-label mb-0">{t.epaper}</legend>
      {/* Every option is an answer (no empty one to refuse): not `required`, which HTML asks
          to start with an empty placeholder. */}
      <FormSelect
        name="epaperAccess"
        id="edition-epaper-access"
        label={t.epaperAccess}
        required={false}
      >
        {EPAPER_ACCESS.map((access) => (
          <option key={access} value={access}>
            {t.access[access]}
          </option>
        ))}
      </FormSelect>
      <FormTextField
        name="freePages"
        id="edition-free-pages"
        label={t.freePages}
        hint={t.freePagesHint}
        inputMode="numeric"
        lang="en"
      />
    </fieldset>
  );
}
