import Image from '@tiptap/extension-image';
import { mergeAttributes } from '@tiptap/core';

/**
 * TipTap's image with a caption (issue 9 item 8): an image with a caption is written as
 * `<figure><img …><figcaption>caption</figcaption></figure>`, one without as a bare `<img>`
 * (what stored articles already hold). The caption is plain text kept as an attribute, so it
 * is edited in the image's dialog and can never hold markup. Stored figures read back the same.
 */
export const FigureImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      caption: {
        default: '',
        // Read from the figure around the image; a bare <img> has none.
        parseHTML: (element: HTMLElement) =>
          element.tagName === 'FIGURE'
            ? (element.querySelector('figcaption')?.textContent ?? '').trim()
            : '',
        // Written by renderHTML below, never as an attribute of <img>.
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (element: HTMLElement) => {
          const img = element.querySelector('img');
          const src = img?.getAttribute('src');
          if (!img || !src) return false;
          return {
            src,
            alt: img.getAttribute('alt'),
            title: img.getAttribute('title'),
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
          };
        },
      },
      ...(this.parent?.() ?? []),
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const img = ['img', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes)] as const;
    const caption = String(node.attrs.caption ?? '');
    return caption ? ['figure', {}, img, ['figcaption', {}, caption]] : img;
  },
});
