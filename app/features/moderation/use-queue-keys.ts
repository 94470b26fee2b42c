import { useEffect } from 'react';

/** The queue's keys (issue 42 item 2), as the screen lists them. */
export const QUEUE_KEYS = {
  next: 'j',
  previous: 'k',
  select: 'x',
  approve: 'a',
  spam: 's',
  reject: 'r',
} as const;
export type QueueKey = keyof typeof QUEUE_KEYS;

const BY_LETTER = new Map(
  (Object.entries(QUEUE_KEYS) as [QueueKey, string][]).map(([name, key]) => [key, name]),
);

/** Whether a key press belongs to a field (or a shortcut of the browser), not to the queue. */
function typedElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onKey` with the queue's shortcut a key press names (j/k move, x selects, a/s/r
 * decide), unless the press was typing in a field or carried Ctrl, Alt or Meta.
 */
export function useQueueKeys(onKey: (key: QueueKey) => void) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (typedElsewhere(event)) return;
      const name = BY_LETTER.get(event.key.toLowerCase());
      if (!name) return;
      event.preventDefault();
      onKey(name);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onKey]);
}
