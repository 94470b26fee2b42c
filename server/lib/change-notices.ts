/*
 * Content changes told to every process (DECISIONS.md §16, docs/decisions/029): a change is
 * applied to this process's kept answers at once, then sent to the others by PostgreSQL's
 * NOTIFY with its tags. Changes made close together go out in one notice; a notice stays under
 * PostgreSQL's 8,000-byte payload limit, split into several when needed, and a single change
 * too large for one says "everything" instead.
 */
import type { CacheChange } from '../../common/cache-tags';

export const CONTENT_CHANNEL = 'patrika_content_changed';

/** What a change does to every kept answer; `all` for a change nobody can name. */
export type Change = CacheChange | { all: 'stale' | 'drop' };

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a margin for the envelope. */
export const MAX_NOTICE_BYTES = 7_900;

interface Notice {
  /** The process that sent it (its own notices come back to it, and are skipped). */
  f: string;
  s?: string[];
  d?: string[];
  all?: 'stale' | 'drop';
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** A batch of changes as notices, each under MAX_NOTICE_BYTES. */
export function encodeNotices(sender: string, changes: readonly Change[]): string[] {
  const everything = changes.find((c) => 'all' in c);
  if (everything) {
    const drop = changes.some((c) => 'all' in c && c.all === 'drop');
    return [JSON.stringify({ f: sender, all: drop ? 'drop' : 'stale' } satisfies Notice)];
  }
  const stale = new Set<string>();
  const drop = new Set<string>();
  for (const change of changes as CacheChange[]) {
    for (const tag of change.stale) stale.add(tag);
    for (const tag of change.drop ?? []) drop.add(tag);
  }
  const notices: string[] = [];
  let current: Notice = { f: sender };
  const size = (n: Notice) => bytes(JSON.stringify(n));
  const add = (kind: 's' | 'd', tag: string) => {
    const next: Notice = { ...current, [kind]: [...(current[kind] ?? []), tag] };
    if (size(next) <= MAX_NOTICE_BYTES) {
      current = next;
      return;
    }
    if (current.s || current.d) notices.push(JSON.stringify(current));
    current = { f: sender, [kind]: [tag] };
    // A tag too long for a notice of its own: nobody can be told which; tell everything.
    if (size(current) > MAX_NOTICE_BYTES) throw new TooLargeForNotice();
  };
  try {
    // Drops first: a process that misses a later notice still never serves a page that must go.
    for (const tag of drop) add('d', tag);
    for (const tag of stale) add('s', tag);
  } catch (error) {
    if (!(error instanceof TooLargeForNotice)) throw error;
    return [JSON.stringify({ f: sender, all: drop.size > 0 ? 'drop' : 'stale' } satisfies Notice)];
  }
  if (current.s || current.d) notices.push(JSON.stringify(current));
  return notices;
}

class TooLargeForNotice extends Error {}

/**
 * The change a notice carries, and who sent it; undefined for a payload that is not ours (an
 * older process's bare sender id means "everything changed").
 */
export function decodeNotice(payload: string): { from: string; change: Change } | undefined {
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return payload ? { from: payload, change: { all: 'stale' } } : undefined;
  }
  if (typeof notice !== 'object' || notice === null || typeof notice.f !== 'string')
    return undefined;
  if (notice.all === 'stale' || notice.all === 'drop')
    return { from: notice.f, change: { all: notice.all } };
  const tags = (list: unknown) =>
    Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
  return { from: notice.f, change: { stale: tags(notice.s), drop: tags(notice.d) } };
}

/** The longest wait between two tries to send notices that could not be sent. */
const RESEND_MAX_MS = 30_000;

/**
 * A process's side of change notices: `changed` applies a change here at once and sends it
 * to the other processes with the changes made in the same moment; its promise ends when the
 * notice is sent, or could not be. A notice that could not be sent (the database away) is
 * sent again, 1, 2, 4 … s later, until it goes: the other processes must hear every change.
 * `onSendFailed` hears each failure; `unsent` says whether some wait.
 */
export function createChangeNotices(deps: {
  sender: string;
  apply: (change: Change) => void;
  notify: (payload: string) => Promise<void>;
  onSendFailed: (error: unknown) => void;
}) {
  let pending: Change[] = [];
  let sending: Promise<void> | undefined;
  let unsent: string[] = [];
  let retry: NodeJS.Timeout | undefined;
  /** Sends `payloads` in order; answers those not sent. */
  const send = async (payloads: string[]) => {
    for (let i = 0; i < payloads.length; i++) {
      try {
        await deps.notify(payloads[i]!);
      } catch (error) {
        deps.onSendFailed(error);
        return payloads.slice(i);
      }
    }
    return [];
  };
  const resend = (attempt: number) => {
    clearTimeout(retry);
    retry = setTimeout(
      async () => {
        retry = undefined;
        const waiting = unsent;
        unsent = [];
        unsent = [...(await send(waiting)), ...unsent];
        if (unsent.length > 0) resend(attempt + 1);
      },
      Math.min(RESEND_MAX_MS, 1000 * 2 ** attempt),
    );
    retry.unref();
  };
  const flush = async () => {
    const batch = pending;
    pending = [];
    sending = undefined;
    const payloads = encodeNotices(deps.sender, batch);
    // Notices keep their order: while older ones wait, newer ones wait behind them.
    if (unsent.length > 0) unsent.push(...payloads);
    else unsent = await send(payloads);
    if (unsent.length > 0 && !retry) resend(0);
  };
  return {
    async changed(change: Change = { all: 'stale' }): Promise<void> {
      deps.apply(change);
      pending.push(change);
      // Changes made in the same turn of the event loop go out together.
      sending ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
      await sending;
    },
    /** Whether some notices wait to be sent again. */
    get unsent() {
      return unsent.length > 0;
    },
    /** A notice from any process (this one's own are skipped: applied when made). */
    heard(payload: string) {
      const notice = decodeNotice(payload);
      if (notice && notice.from !== deps.sender) deps.apply(notice.change);
    },
  };
}
