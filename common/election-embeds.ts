/*
 * Election blocks in a story's text and its live entries (issue 69 item 4): each block the editor
 * saved (common/editor/election-embed.ts) is replaced, when the page is made, by the figures of
 * the moment from the kept results: an election's tally, a state's or a seat's result. The page
 * keeps the tags of what its blocks show, so a desk's save refreshes it as it refreshes the
 * results pages (server/modules/elections/README.md), and it stays the same bytes for everyone.
 */
import { embedSeat, embedSlug, type ElectionEmbedRef } from './election-embed-ref';
import type { AppServices } from './services';
import type { UiLanguage } from './settings';
import { embedHtml, type EmbedShown } from './election-embed-html';

/** An election block as saved: a <div> with its attributes, around its link. */
const BLOCK = /<div\s+(data-election="[^"]*"[^>]*)>(?:(?!<\/div>)[\s\S])*<\/div>/g;

/** The blocks a story may show at most; any more stay links (a page is not a results desk). */
export const EMBEDS_MAX = 12;

const attribute = (attrs: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** The reference a block's attributes name, or undefined when they name none. */
function refOf(attrs: string): ElectionEmbedRef | undefined {
  const election = embedSlug(attribute(attrs, 'data-election'));
  if (!election) return undefined;
  const state = embedSlug(attribute(attrs, 'data-election-state'));
  const seat = state ? embedSeat(attribute(attrs, 'data-election-seat')) : undefined;
  return { election, state, seat };
}

const keyOf = (ref: ElectionEmbedRef) => [ref.election, ref.state ?? '', ref.seat ?? ''].join('/');

/** Every block the texts name, each once. */
export function embedRefs(texts: readonly string[]): ElectionEmbedRef[] {
  const found = new Map<string, ElectionEmbedRef>();
  for (const text of texts) {
    if (!text.includes('data-election=')) continue;
    for (const match of text.matchAll(BLOCK)) {
      const ref = refOf(match[1]!);
      if (ref && found.size < EMBEDS_MAX) found.set(keyOf(ref), ref);
    }
  }
  return [...found.values()];
}

/** What one block shows now, with its page's tags; undefined when it names nothing there is. */
async function shownOf(
  elections: AppServices['elections'],
  ref: ElectionEmbedRef,
): Promise<(EmbedShown & { tags: string[] }) | undefined> {
  if (ref.state && ref.seat) {
    const page = await elections.seatPage(ref.election, ref.state, String(ref.seat));
    return page && { kind: 'seat', page, tags: page.tags };
  }
  const page = await elections.resultsPage(ref.election, ref.state);
  return page && { kind: 'tally', page, tags: page.tags };
}

/**
 * The texts with their blocks filled in, in `lang`; the tags of what they show go to `keep`.
 * A block whose election, state or seat is not there stays the link it was saved as.
 */
export async function withElectionEmbeds<T extends readonly string[]>(
  ctx: {
    services: Pick<AppServices, 'elections'>;
    keep: (...tags: string[]) => void;
    logError?: (error: unknown, message: string) => void;
  },
  texts: T,
  view: { lang: UiLanguage; timeZone: string },
): Promise<string[]> {
  const refs = embedRefs(texts);
  if (refs.length === 0) return [...texts];
  const shown = new Map<string, string>();
  await Promise.all(
    refs.map(async (ref) => {
      try {
        const found = await shownOf(ctx.services.elections, ref);
        if (!found) return;
        ctx.keep(...found.tags);
        shown.set(keyOf(ref), embedHtml(found, view));
      } catch (error) {
        ctx.logError?.(error, `an election block (${keyOf(ref)}) could not be shown`);
      }
    }),
  );
  return texts.map((text) =>
    text.includes('data-election=')
      ? text.replace(BLOCK, (block, attrs: string) => {
          const ref = refOf(attrs);
          return (ref && shown.get(keyOf(ref))) ?? block;
        })
      : text,
  );
}

/** A story's text and its live entries with their election blocks filled in (the page's loader). */
export async function storyWithEmbeds<
  A extends { description: string; language: UiLanguage },
  B extends { entries: { body: string }[] },
>(
  ctx: Parameters<typeof withElectionEmbeds>[0],
  article: A,
  blog: B | null,
  { timeZone }: { timeZone: string },
): Promise<{ article: A; blog: B | null }> {
  const [description = article.description, ...bodies] = await withElectionEmbeds(
    ctx,
    [article.description, ...(blog?.entries.map((e) => e.body) ?? [])],
    { lang: article.language, timeZone },
  );
  return {
    article: description === article.description ? article : { ...article, description },
    blog: blog && { ...blog, entries: blog.entries.map((e, i) => ({ ...e, body: bodies[i]! })) },
  };
}
