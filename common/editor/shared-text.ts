/*
 * A plain text shared through Yjs (the article's title, issue 43 item 1): set as a difference,
 * and a caret carried across someone else's change. The server (a save from outside the
 * document) and the title field (each keystroke) set it the same way.
 */
import type * as Y from 'yjs';

/**
 * Makes `text` say `next`, changing only the middle that differs (the common start and end
 * stay), so what another person typed around it, and their caret, keep their place.
 */
export function setText(text: Y.Text, next: string) {
  const now = text.toString();
  if (now === next) return;
  let start = 0;
  while (start < now.length && start < next.length && now[start] === next[start]) start++;
  let end = 0;
  while (
    end < now.length - start &&
    end < next.length - start &&
    now[now.length - 1 - end] === next[next.length - 1 - end]
  )
    end++;
  if (now.length - start - end > 0) text.delete(start, now.length - start - end);
  if (next.length - start - end > 0) text.insert(start, next.slice(start, next.length - end));
}

/** Where `position` is after a change (a Yjs text event's delta). */
export function shiftThrough(
  delta: readonly { retain?: number; insert?: unknown; delete?: number }[],
  position: number,
): number {
  let at = 0;
  let moved = position;
  for (const op of delta) {
    if (op.retain) at += op.retain;
    else if (typeof op.insert === 'string') {
      if (at <= moved) moved += op.insert.length;
      at += op.insert.length;
    } else if (op.delete) {
      if (at < moved) moved -= Math.min(op.delete, moved - at);
    }
  }
  return moved;
}
