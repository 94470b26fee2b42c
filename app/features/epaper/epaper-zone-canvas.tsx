/*
 * A page's view with its boxes over it (issue 68 item 1): the desk drags a rectangle with a
 * mouse, a pen or a finger to draw a box (pointer events, captured until let go), or picks a box
 * to change it. Boxes are fractions of the page, so they sit right at any size of the view.
 * The keyboard's way is the form beside it (numbers), and each box is a button.
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { EpaperBox } from '../../../common/schemas/epaper-zones';

export interface CanvasBox {
  key: string;
  box: EpaperBox;
  kind: string;
  label: string;
  state: 'drawn' | 'chosen' | 'suggested';
}

const MIN = 0.01;
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const percent = (n: number) => `${(n * 100).toFixed(3)}%`;
const placed = (b: EpaperBox) => ({
  left: percent(b.x),
  top: percent(b.y),
  width: percent(b.w),
  height: percent(b.h),
});

/** The box between two points of the page (fractions), whichever way it was dragged. */
export function boxBetween(a: [number, number], b: [number, number]): EpaperBox {
  const x = Math.min(a[0], b[0]);
  const y = Math.min(a[1], b[1]);
  return { x, y, w: Math.abs(a[0] - b[0]), h: Math.abs(a[1] - b[1]) };
}

/**
 * A rectangle dragged over the page: the pointer captured from its press to its release, the
 * band shown meanwhile; a box of at least 1 % each way is drawn.
 */
function useDrawing(onDraw: (box: EpaperBox) => void) {
  const sheet = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<[number, number] | null>(null);
  const [band, setBand] = useState<EpaperBox | null>(null);
  const pointOf = (e: PointerEvent): [number, number] => {
    const r = sheet.current!.getBoundingClientRect();
    return [clamp((e.clientX - r.left) / r.width), clamp((e.clientY - r.top) / r.height)];
  };
  const stop = () => {
    setStart(null);
    setBand(null);
  };
  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      // A box is a button: choosing it is not drawing.
      if ((e.target as HTMLElement).closest('button') || e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      setStart(pointOf(e));
      setBand(null);
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      if (start) setBand(boxBetween(start, pointOf(e)));
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (!start) return;
      const box = boxBetween(start, pointOf(e));
      stop();
      if (box.w >= MIN && box.h >= MIN) onDraw(box);
    },
    onPointerCancel: stop,
  };
  return { sheet, band, handlers };
}

export function EpaperZoneCanvas(props: {
  src: string;
  width: number | null;
  height: number | null;
  label: string;
  boxes: CanvasBox[];
  onDraw: (box: EpaperBox) => void;
  onChoose: (key: string) => void;
}) {
  const { src, label, boxes, onDraw, onChoose } = props;
  const { sheet, band, handlers } = useDrawing(onDraw);
  return (
    <div
      ref={sheet}
      className="epaper-zone-canvas"
      role="group"
      aria-label={label}
      {...handlers}
      data-testid="zone-canvas"
    >
      <img
        src={src}
        alt=""
        width={1080}
        height={
          props.width && props.height ? Math.round((1080 * props.height) / props.width) : undefined
        }
        draggable={false}
      />
      {boxes.map((b) =>
        b.state === 'drawn' ? (
          <button
            key={b.key}
            type="button"
            className="epaper-zone-box"
            data-state={b.state}
            data-kind={b.kind}
            style={placed(b.box)}
            aria-label={b.label}
            onClick={() => onChoose(b.key)}
          />
        ) : (
          // The box being edited (its form is beside) and suggestions: shown, not controls.
          <span
            key={b.key}
            className="epaper-zone-box"
            data-state={b.state}
            data-kind={b.kind}
            style={placed(b.box)}
          />
        ),
      )}
      {band && <span className="epaper-zone-box" data-state="band" style={placed(band)} />}
    </div>
  );
}
