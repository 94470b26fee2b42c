/*
 * The desk's boxes on one page (issue 68 item 1): the page's view to draw on (or boxes added
 * and placed by numbers), each box's kind and linked web story, the boxes Tesseract's layout
 * suggests to accept; saved through `/api/epaper/pages/{id}/zones` (use-page-zones.ts).
 */
import { useState } from 'react';
import type { EpaperPage } from '../../../common/schemas/epaper';
import type { EpaperZone } from '../../../common/schemas/epaper-zones';
import type { EpaperZoneDeskCopy } from '../../copy/epaper-zone-desk';
import { EpaperZoneCanvas, type CanvasBox } from './epaper-zone-canvas';
import { EpaperZoneForm, type ZoneDraft } from './epaper-zone-form';
import { usePageZones, type Suggestion } from './use-page-zones';

/** Where a box added by its button starts: the desk then types its place. */
const NEW_BOX = { x: 0.1, y: 0.1, w: 0.3, h: 0.2 };

export function EpaperZoneDesk(props: {
  page: EpaperPage & { view: NonNullable<EpaperPage['view']> };
  w: EpaperZoneDeskCopy;
  onClose: () => void;
}) {
  const { page, w } = props;
  const zones = usePageZones(page._id, w);
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const draftOf = (z: EpaperZone): ZoneDraft => ({
    _id: z._id,
    box: z.box,
    kind: z.kind,
    story: z.storyId ? { _id: z.storyId, name: zones.titles.get(z.storyId) ?? z.storyId } : null,
  });
  const boxes = canvasBoxes(zones.zones, zones.suggestions, draft, w);
  const saved = async (work: Promise<boolean>) => (await work) && setDraft(null);
  return (
    <section aria-labelledby="epaper-zones-heading" className="border-top pt-3 mt-3">
      <div className="d-flex justify-content-between align-items-baseline">
        <h3 id="epaper-zones-heading" className="h6">
          {w.title(page.number)}
        </h3>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={props.onClose}>
          {w.close}
        </button>
      </div>
      <p className="text-body-secondary small">{w.intro}</p>
      <div className="row g-3">
        <div className="col-lg-7">
          <EpaperZoneCanvas
            src={page.view.webp}
            width={page.width}
            height={page.height}
            label={w.canvas(page.number)}
            boxes={boxes}
            onDraw={(box) => setDraft({ _id: null, box, kind: 'story', story: null })}
            onChoose={(key) => {
              const zone = zones.zones.find((z) => z._id === key);
              if (zone) setDraft(draftOf(zone));
            }}
          />
        </div>
        <div className="col-lg-5">
          <ZoneTools
            busy={zones.busy}
            w={w}
            onAdd={() => setDraft({ _id: null, box: NEW_BOX, kind: 'story', story: null })}
            onSuggest={() => void zones.suggest()}
          />
          {draft && (
            <EpaperZoneForm
              draft={draft}
              busy={zones.busy}
              w={w}
              onChange={setDraft}
              onSave={() => void saved(zones.save(draft))}
              onDelete={() => draft._id && void saved(zones.remove(draft._id))}
              onCancel={() => setDraft(null)}
            />
          )}
          <ZoneList
            zones={zones.zones}
            titles={zones.titles}
            w={w}
            onChoose={(z) => setDraft(draftOf(z))}
          />
          <SuggestionList
            suggestions={zones.suggestions}
            busy={zones.busy}
            w={w}
            onAccept={zones.accept}
          />
        </div>
      </div>
    </section>
  );
}

/** What the canvas shows: the saved boxes (numbered as the list), suggestions, the draft. */
function canvasBoxes(
  zones: EpaperZone[],
  suggestions: Suggestion[] | null,
  draft: ZoneDraft | null,
  w: EpaperZoneDeskCopy,
): CanvasBox[] {
  const saved = zones.map((z, i) => ({
    key: z._id,
    box: z.box,
    kind: z.kind,
    label: w.box(i + 1, w.kinds[z.kind]),
    state: 'drawn' as const,
  }));
  const suggested = (suggestions ?? []).map((s, i) => ({
    key: `s${i}`,
    box: s.box,
    kind: s.kind,
    label: w.suggestion(i + 1, w.kinds[s.kind]),
    state: 'suggested' as const,
  }));
  // The one being edited is the form's, drawn where the form puts it.
  const editing = draft
    ? [{ key: 'draft', box: draft.box, kind: draft.kind, label: w.save, state: 'chosen' as const }]
    : [];
  return [...saved.filter((b) => b.key !== draft?._id), ...suggested, ...editing];
}

/** A box added by its button (then placed by numbers), and the suggestions asked for. */
function ZoneTools(props: {
  busy: boolean;
  w: EpaperZoneDeskCopy;
  onAdd: () => void;
  onSuggest: () => void;
}) {
  const { busy, w } = props;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={props.onAdd}>
        {w.add}
      </button>
      <button
        type="button"
        className="btn btn-outline-dark btn-sm"
        disabled={busy}
        onClick={props.onSuggest}
      >
        {w.suggest}
      </button>
    </div>
  );
}

/** The page's boxes as a list: the keyboard's way to choose one. */
function ZoneList(props: {
  zones: EpaperZone[];
  titles: ReadonlyMap<string, string>;
  w: EpaperZoneDeskCopy;
  onChoose: (zone: EpaperZone) => void;
}) {
  const { zones, titles, w } = props;
  if (zones.length === 0) return null;
  return (
    <ol className="list-group mb-3" data-testid="zone-list">
      {zones.map((z, i) => (
        <li key={z._id} className="list-group-item p-0">
          <button
            type="button"
            className="btn btn-link text-start w-100"
            onClick={() => props.onChoose(z)}
          >
            {w.box(i + 1, w.kinds[z.kind])}
            {z.storyId && ` · ${titles.get(z.storyId) ?? '…'}`}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** Boxes Tesseract's layout suggests, each accepted on its own or all at once. */
function SuggestionList(props: {
  suggestions: Suggestion[] | null;
  busy: boolean;
  w: EpaperZoneDeskCopy;
  onAccept: (chosen: Suggestion[]) => Promise<boolean>;
}) {
  const { suggestions, busy, w, onAccept } = props;
  if (!suggestions || suggestions.length === 0) return null;
  return (
    <div data-testid="zone-suggestions">
      <ol className="list-group mb-2">
        {suggestions.map((s, i) => (
          <li key={i} className="list-group-item d-flex justify-content-between align-items-center">
            {w.suggestion(i + 1, w.kinds[s.kind])}
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              aria-label={`${w.accept}: ${w.suggestion(i + 1, w.kinds[s.kind])}`}
              disabled={busy}
              onClick={() => void onAccept([s])}
            >
              {w.accept}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        onClick={() => void onAccept(suggestions)}
      >
        {w.acceptAll}
      </button>
    </div>
  );
}
