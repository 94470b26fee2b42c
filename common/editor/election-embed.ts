/*
 * The article body's election block (issue 69 item 4): the tally of an election, one state's or
 * one seat's result, shown live inside a story or a live blog's entry. It is saved as an empty
 * block with a link, the way the video block is saved as a block around its player:
 *
 *   <div data-election="lok-sabha-2024" data-election-state="uttar-pradesh"
 *        data-election-seat="77"><a href="/elections/lok-sabha-2024/uttar-pradesh/77">…</a></div>
 *
 * The reader's page puts the figures of the moment in its place, from the kept results
 * (common/election-embeds.ts); anything that shows the stored text as it is (a feed,
 * the API) shows the link.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import {
  embedAttributes,
  embedPath,
  embedSeat,
  embedSlug,
  type ElectionEmbedRef,
} from '../election-embed-ref';

export const ElectionEmbed = Node.create({
  name: 'electionEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      election: {
        default: null,
        parseHTML: (element: HTMLElement) => embedSlug(element.getAttribute('data-election')),
        renderHTML: () => ({}),
      },
      state: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          embedSlug(element.getAttribute('data-election-state')) ?? null,
        renderHTML: () => ({}),
      },
      seat: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          embedSeat(element.getAttribute('data-election-seat')) ?? null,
        renderHTML: () => ({}),
      },
      /** The link's words: what the editor shows and what is left where no figures are put. */
      label: {
        default: '',
        parseHTML: (element: HTMLElement) => (element.textContent ?? '').trim(),
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-election]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const ref: ElectionEmbedRef = {
      election: String(node.attrs.election ?? ''),
      state: (node.attrs.state as string | null) ?? undefined,
      seat: (node.attrs.seat as number | null) ?? undefined,
    };
    const label = String(node.attrs.label ?? '') || embedPath(ref);
    return [
      'div',
      mergeAttributes(HTMLAttributes, embedAttributes(ref)),
      ['a', { href: embedPath(ref) }, label],
    ];
  },
});
