/*
 * One box's form (issue 68 item 1): its place in per cent of the page (the keyboard's way to
 * draw, and to set a dragged box right), its kind, and the web story it is linked to. Checked
 * by the API's own schema (EpaperBoxSchema) before it is sent.
 */
import { useId } from 'react';
import { EPAPER_ZONE_KINDS, type EpaperZoneKind } from '../../../common/epaper';
import { EpaperBoxSchema, type EpaperBox } from '../../../common/schemas/epaper-zones';
import type { EpaperZoneDeskCopy } from '../../copy/epaper-zone-desk';
import { StoryPicker, type PickedStory } from './story-picker';

export interface ZoneDraft {
  /** The box's id; null for a box not saved yet. */
  _id: string | null;
  box: EpaperBox;
  kind: EpaperZoneKind;
  story: PickedStory | null;
}

const SIDES = ['x', 'y', 'w', 'h'] as const;
/** A fraction as the form shows it: per cent, to a tenth. */
const shown = (n: number) => Math.round(n * 1000) / 10;

export function EpaperZoneForm(props: {
  draft: ZoneDraft;
  busy: boolean;
  w: EpaperZoneDeskCopy;
  onChange: (draft: ZoneDraft) => void;
  onSave: () => void;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { draft, busy, w, onChange } = props;
  const id = useId();
  const valid = EpaperBoxSchema.safeParse(draft.box);
  return (
    <form
      className="border rounded p-3 mb-3"
      aria-label={draft._id ? w.save : w.add}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid.success) props.onSave();
      }}
    >
      <PlaceFields
        box={draft.box}
        valid={valid.success}
        w={w}
        onChange={(box) => onChange({ ...draft, box })}
      />
      <label className="form-label" htmlFor={`${id}-kind`}>
        {w.kind}
      </label>
      <select
        id={`${id}-kind`}
        className="form-select form-select-sm mb-3"
        value={draft.kind}
        onChange={(e) => onChange({ ...draft, kind: e.target.value as EpaperZoneKind })}
      >
        {EPAPER_ZONE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {w.kinds[kind]}
          </option>
        ))}
      </select>
      <StoryPicker picked={draft.story} onPick={(story) => onChange({ ...draft, story })} w={w} />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !valid.success}>
          {w.save}
        </button>
        {draft._id && (
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={busy}
            onClick={props.onDelete}
          >
            {w.remove}
          </button>
        )}
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={props.onCancel}>
          {w.cancel}
        </button>
      </div>
    </form>
  );
}

/** The box's place as four numbers, in per cent of the page: the keyboard's way to draw. */
function PlaceFields(props: {
  box: EpaperBox;
  valid: boolean;
  w: EpaperZoneDeskCopy;
  onChange: (box: EpaperBox) => void;
}) {
  const { box, w } = props;
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{w.place}</legend>
      <div className="row g-2">
        {SIDES.map((key) => (
          <div className="col-6 col-lg-3" key={key}>
            <label className="form-label small" htmlFor={`${id}-${key}`}>
              {w[key]}
            </label>
            <input
              id={`${id}-${key}`}
              type="number"
              className="form-control form-control-sm"
              min={0}
              max={100}
              step={0.1}
              required
              value={shown(box[key])}
              onChange={(e) => props.onChange({ ...box, [key]: Number(e.target.value) / 100 })}
            />
          </div>
        ))}
      </div>
      {!props.valid && (
        <p className="text-danger small mt-1" role="alert">
          {w.outside}
        </p>
      )}
    </fieldset>
  );
}
