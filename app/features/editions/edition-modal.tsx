/*
 * Add or edit one edition (issue 65 item 1) in a modal, for administrators: where it sits (its
 * kind follows from its parent's: a state under national, a city under a state, a town under a
 * city), its slug, its names in four scripts, the Latin spellings readers type, where it is for
 * "near me", whether readers see it, and who reads its e-paper whole (edition-epaper-fields.tsx).
 * The server's rules (a slug taken under the same parent, the national edition fixed) come back
 * as its refusals, said under the field or in a toast.
 */
import { Modal } from 'react-bootstrap';
import { z } from 'zod';
import { NATIONAL_EDITION_ID, type EditionKind } from '../../../common/editions';
import { IdSchema } from '../../../common/schemas/common';
import {
  EDITION_NAME_MAX,
  EditionInputSchema,
  LATIN_NAME_MAX,
  LATIN_NAMES_MAX,
  type Edition,
} from '../../../common/schemas/editions';
import { says } from '../../../common/refusals/schema-refusals';
import {
  FormCheckbox,
  FormSelect,
  FormTextField,
  SubmitButton,
} from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminInterface } from '../../copy/admin-language';
import { editionTreeCopyIn } from '../../copy/edition-tree';
import { adminApi } from '../api/admin-api';
import {
  EditionEpaperFields,
  EditionEpaperFormShape,
  epaperDraftOf,
  epaperInputOf,
} from './edition-epaper-fields';
import { editionLabel } from './edition-reach-options';

/** The kind of an edition placed under one of `kind` (a town has nothing under it). */
export const CHILD_KIND: Record<EditionKind, EditionKind | null> = {
  national: 'state',
  state: 'city',
  city: 'town',
  town: null,
};

const optionalName = (field: string) =>
  z
    .string()
    .trim()
    .max(EDITION_NAME_MAX, says('validation.too_long', { field, maximum: EDITION_NAME_MAX }));

/** A coordinate typed as text: empty for unknown, else a number within ±limit. */
const coordinate = (field: string, limit: number) =>
  z
    .string()
    .trim()
    .refine(
      (s) => s === '' || (Number.isFinite(Number(s)) && Math.abs(Number(s)) <= limit),
      says('validation.at_most', { field, maximum: limit }),
    );

/** The form as typed; `toInput` makes the server's body of it. */
const EditionFormSchema = z.object({
  parentId: z.union([IdSchema, z.literal('')]),
  slug: EditionInputSchema.shape.slug,
  nameHi: EditionInputSchema.shape.names.shape.hi,
  nameEn: EditionInputSchema.shape.names.shape.en,
  nameMr: optionalName('names.mr'),
  nameGu: optionalName('names.gu'),
  latin: z
    .string()
    .max(LATIN_NAMES_MAX * (LATIN_NAME_MAX + 2))
    .refine(
      (s) => splitLatin(s).every((name) => name.length <= LATIN_NAME_MAX),
      says('validation.too_long', { field: 'latinNames', maximum: LATIN_NAME_MAX }),
    ),
  lat: coordinate('location.lat', 90),
  lng: coordinate('location.lng', 180),
  active: z.boolean(),
  ...EditionEpaperFormShape,
});
type EditionForm = z.input<typeof EditionFormSchema>;

/** Every edition but the national one sits under another. */
const UnderAParentSchema = EditionFormSchema.refine((v) => v.parentId !== '', {
  path: ['parentId'],
  ...says('validation.required', { field: 'parentId' }),
});

const splitLatin = (s: string) =>
  s
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** What the modal starts from: empty for Add, the edition for Edit. */
export type EditionDraft = EditionForm & { _id?: string; kind?: EditionKind };
export const EMPTY_EDITION: EditionDraft = {
  parentId: '',
  slug: '',
  nameHi: '',
  nameEn: '',
  nameMr: '',
  nameGu: '',
  latin: '',
  lat: '',
  lng: '',
  active: true,
  ...epaperDraftOf(),
};

/** The draft of an existing edition, for Edit. */
export const draftOf = (e: Edition): EditionDraft => ({
  _id: e._id,
  kind: e.kind,
  parentId: e.parentId ?? '',
  slug: e.slug,
  nameHi: e.names.hi,
  nameEn: e.names.en,
  nameMr: e.names.mr ?? '',
  nameGu: e.names.gu ?? '',
  latin: e.latinNames.join(', '),
  lat: e.location ? String(e.location.lat) : '',
  lng: e.location ? String(e.location.lng) : '',
  active: e.active,
  ...epaperDraftOf(e.epaper),
});

/** The server's body: the kind from the parent's, names, spellings, and a place or none. */
function toInput(form: z.output<typeof EditionFormSchema>, tree: readonly Edition[], id?: string) {
  const parent = tree.find((e) => e._id === form.parentId);
  const kind = id === NATIONAL_EDITION_ID ? 'national' : parent && CHILD_KIND[parent.kind];
  const place = form.lat !== '' && form.lng !== '';
  return {
    slug: form.slug,
    ...(kind ? { kind } : {}),
    parentId: form.parentId || null,
    names: {
      hi: form.nameHi,
      en: form.nameEn,
      ...(form.nameMr ? { mr: form.nameMr } : {}),
      ...(form.nameGu ? { gu: form.nameGu } : {}),
    },
    latinNames: splitLatin(form.latin),
    location: place ? { lat: Number(form.lat), lng: Number(form.lng) } : null,
    active: form.active,
    epaper: epaperInputOf(form),
  };
}

/** The editions an edition may sit under: any but a town, itself and what sits under it. */
function parentsFor(tree: readonly Edition[], id: string | undefined): Edition[] {
  const below = new Set(id ? [id] : []);
  for (let grew = true; grew;) {
    grew = false;
    for (const e of tree)
      if (e.parentId && below.has(e.parentId) && !below.has(e._id)) {
        below.add(e._id);
        grew = true;
      }
  }
  return tree.filter((e) => e.kind !== 'town' && !below.has(e._id));
}

export function EditionModal({
  open,
  opened,
  draft,
  tree,
  onClose,
  onSaved,
}: {
  open: boolean;
  opened: number;
  draft: EditionDraft;
  /** Every edition, in the screen's order (parents first). */
  tree: readonly Edition[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  return (
    <Modal show={open} onHide={onClose} aria-labelledby="edition-modal-title">
      <EditionFormBody key={opened} draft={draft} tree={tree} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function EditionFormBody({
  draft: { _id, kind, ...values },
  tree,
  onClose,
  onSaved,
}: {
  draft: EditionDraft;
  tree: readonly Edition[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const ui = useAdminInterface();
  const t = editionTreeCopyIn(ui.lang);
  const national = kind === 'national';
  const schema = national ? EditionFormSchema : UnderAParentSchema;
  const form = useSchemaForm(schema, values);
  const parent = tree.find((e) => e._id === form.watch('parentId'));
  const becomes = parent && CHILD_KIND[parent.kind];
  return (
    <SchemaForm
      form={form}
      limits={schema}
      failureText={t.failed}
      onSubmit={async (typed) => {
        const body = toInput(typed, tree, _id);
        if (_id) await adminApi(`/api/editions/${_id}`, { method: 'PUT', body });
        else await adminApi('/api/editions', { method: 'POST', body });
        await onSaved();
      }}
    >
      <Modal.Header closeButton closeLabel={t.close}>
        <Modal.Title id="edition-modal-title">{_id ? t.edit : t.add}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="vstack gap-3">
        {!national && (
          <FormSelect
            name="parentId"
            id="edition-parent"
            label={t.parent}
            hint={becomes ? t.kindHint(t.kinds[becomes]) : undefined}
            required
          >
            <option value="">{t.parentChoose}</option>
            {parentsFor(tree, _id).map((e) => (
              <option key={e._id} value={e._id}>
                {editionLabel(e, ui.lang)}
              </option>
            ))}
          </FormSelect>
        )}
        <EditionFields />
        {!national && <FormCheckbox name="active" id="edition-active" label={t.activeLabel} />}
        <EditionEpaperFields />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t.cancel}
        </button>
        <SubmitButton>{t.save}</SubmitButton>
      </Modal.Footer>
    </SchemaForm>
  );
}

/** The names, the slug, the spellings and the place: the same for every kind. */
function EditionFields() {
  const ui = useAdminInterface();
  const t = editionTreeCopyIn(ui.lang);
  return (
    <>
      <fieldset className="vstack gap-2">
        <legend className="form-label mb-0">{t.names}</legend>
        <FormTextField name="nameHi" id="edition-name-hi" label={t.hindi} lang="hi" />
        <FormTextField name="nameEn" id="edition-name-en" label={t.english} lang="en" />
        <FormTextField name="nameMr" id="edition-name-mr" label={t.marathi} lang="mr" />
        <FormTextField name="nameGu" id="edition-name-gu" label={t.gujarati} lang="gu" />
      </fieldset>
      <FormTextField name="slug" id="edition-slug" label={t.slug} hint={t.slugHint} lang="en" />
      <FormTextField
        name="latin"
        id="edition-latin"
        label={t.latinNames}
        hint={t.latinHint}
        lang="en"
      />
      <div className="row g-2">
        <FormTextField
          name="lat"
          id="edition-lat"
          label={t.lat}
          inputMode="decimal"
          wrapperClassName="col-6"
        />
        <FormTextField
          name="lng"
          id="edition-lng"
          label={t.lng}
          inputMode="decimal"
          wrapperClassName="col-6"
        />
        <p className="form-text mt-0">{t.locationHint}</p>
      </div>
    </>
  );
}
