import { AD_POSITIONS, type AdPosition, type AdSlot } from '../../../common/schemas/ads';

/*
 * The ad slots as the settings screen writes them (issue 39 item 1): a line per slot, its
 * position, then its sizes from each breakpoint up:
 *
 *   header: 0=320x50, 768=728x90
 *   in-article after 2: 300x250
 *   between-cards every 3: 300x250
 *
 * `WxH` alone is from 0 px up. The server checks the slots it makes with the settings' schema.
 */

const LINE = /^([a-z-]+)(?:\s+(after|every)\s+(\d+))?\s*:\s*(.+)$/;
const SIZE = /^(?:(\d+)\s*=\s*)?(\d+)\s*[x×]\s*(\d+)$/;

/** One line as a slot, or undefined when it does not read as one. */
function slotOf(line: string): AdSlot | undefined {
  const m = LINE.exec(line);
  if (!m || !AD_POSITIONS.includes(m[1] as AdPosition)) return undefined;
  const [, position, kind, n, sizesText = ''] = m;
  const sizes = sizesText.split(',').map((part) => SIZE.exec(part.trim()));
  if (sizes.some((s) => !s)) return undefined;
  const slot: AdSlot = {
    position: position as AdPosition,
    sizes: sizes.map((s) => ({
      minWidth: Number(s?.[1] ?? 0),
      width: Number(s?.[2]),
      height: Number(s?.[3]),
    })),
  };
  if (kind === 'after') slot.afterParagraph = Number(n);
  if (kind === 'every') slot.everyCards = Number(n);
  return slot;
}

/** The slots of a text, or the first line that is not a slot. */
export function parseAdSlots(text: string): { slots: AdSlot[] } | { badLine: string } {
  const slots: AdSlot[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const slot = slotOf(line);
    if (!slot) return { badLine: line };
    slots.push(slot);
  }
  return { slots };
}

/** The slots as the screen shows them (what `parseAdSlots` reads back). */
export function adSlotsText(slots: AdSlot[]): string {
  return slots
    .map((slot) => {
      const count =
        slot.afterParagraph !== undefined
          ? ` after ${slot.afterParagraph}`
          : slot.everyCards !== undefined
            ? ` every ${slot.everyCards}`
            : '';
      const sizes = slot.sizes.map((s) => `${s.minWidth}=${s.width}x${s.height}`).join(', ');
      return `${slot.position}${count}: ${sizes}`;
    })
    .join('\n');
}
