/*
 * Stories on the e-paper's page (issue 68 item 1): the desk's boxes over the page's view, each
 * a link (to its web story, or to its text below the page), the text of each unlinked box as
 * an article view shown when its box is tapped (`:target`, no script needed: labelled as
 * machine-read, numbers hidden until corrected), with a "listen" button app/reader/epaper.ts
 * shows only when the browser has a voice for the language; and "In print" under a web story.
 */
import { editionName } from '../../common/edition-place';
import type { EpaperInPrint, EpaperReaderZone } from '../../common/schemas/epaper-zones';
import type { EpaperClipsCopy } from '../copy/epaper-clips';

const place = (b: EpaperReaderZone['box']) => ({
  left: `${(b.x * 100).toFixed(3)}%`,
  top: `${(b.y * 100).toFixed(3)}%`,
  width: `${(b.w * 100).toFixed(3)}%`,
  height: `${(b.h * 100).toFixed(3)}%`,
});

/** Whether a box leads anywhere: to its story, or to the text read in it. */
const tappable = (z: EpaperReaderZone) => z.story !== null || z.text !== null;

/** The boxes over the page (inside its sheet, which places them). */
export function EpaperZoneLinks(props: { zones: EpaperReaderZone[]; c: EpaperClipsCopy }) {
  const { zones, c } = props;
  return (
    <>
      {zones.map((z, i) =>
        tappable(z) ? (
          <a
            key={z._id}
            className="epaper-zone"
            href={z.story ? z.story.path : `#zone-${z._id}`}
            style={place(z.box)}
            aria-label={z.story ? c.openStory(z.story.title) : c.readBox(i + 1)}
            data-epaper-zone={JSON.stringify(z.box)}
          />
        ) : null,
      )}
    </>
  );
}

/** Each unlinked box's text, an article view the box's link opens. */
export function EpaperZoneTexts(props: {
  zones: EpaperReaderZone[];
  language: string;
  c: EpaperClipsCopy;
}) {
  const { zones, language, c } = props;
  const texts = zones.filter((z) => !z.story && z.text);
  if (texts.length === 0) return null;
  return (
    <>
      {texts.map((z) => (
        <article
          key={z._id}
          id={`zone-${z._id}`}
          className="epaper-zone-text"
          aria-label={c.boxText}
          data-epaper-zone-text
        >
          <p className="small text-body-secondary" data-machine-read={z.corrected ? undefined : ''}>
            {z.corrected ? c.corrected : `${c.machineRead} ${c.numbersHidden}`}
          </p>
          <div lang={language} className="epaper-zone-body">
            {z.text!.split(/\n{2,}/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          <p className="epaper-zone-actions">
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              data-epaper-listen={language}
              data-stop={c.stop}
              hidden
            >
              {c.listen}
            </button>
            <a href="#main">{c.backToPage}</a>
          </p>
        </article>
      ))}
    </>
  );
}

/** "In print: page 3, Jaipur edition" under a web story, each to its page. */
export function InPrint(props: { prints: EpaperInPrint[]; lang: string; c: EpaperClipsCopy }) {
  const { prints, lang, c } = props;
  if (prints.length === 0) return null;
  return (
    <ul className="in-print list-unstyled small" data-in-print>
      {prints.map((p) => (
        <li key={`${p.issueId}-${p.page}`}>
          <a href={p.path}>{c.inPrint(p.page, editionName(p.edition, lang))}</a>
        </li>
      ))}
    </ul>
  );
}

/** The clip button, its hint and its status (app/reader/epaper-clip.ts does the drawing). */
export function EpaperClipTool(props: { pageId: string; c: EpaperClipsCopy }) {
  const { pageId, c } = props;
  return (
    <div className="epaper-clip-tool" data-epaper-clip-tool={pageId}>
      <button
        type="button"
        className="btn btn-outline-primary"
        data-epaper-clip-start
        data-clipping={c.clipping}
        data-failed={c.clipFailed}
        hidden
      >
        {c.clip}
      </button>
      <p className="small" data-epaper-clip-hint hidden>
        {c.clipHint}{' '}
        <button type="button" className="btn btn-link btn-sm" data-epaper-clip-cancel>
          {c.clipCancel}
        </button>
      </p>
      <p className="small" role="status" data-epaper-clip-status />
    </div>
  );
}
