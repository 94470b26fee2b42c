/*
 * How much work an HTML text is to clean, found in one pass without parsing it (issue 24 item
 * 7): cleaning costs time per tag, and a parser's work for a closing tag grows with how many
 * elements are open (a text of 19,000 unclosed <b> and 100,000 </p> held the cleaning thread for
 * most of a minute). Both are bounded before a text reaches the cleaner.
 */

/** Elements that never have content, so never stay open. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** Elements a new one of the same name closes (`<p>a<p>b`, `<li>a<li>b`), as HTML parsers do. */
const SELF_ENDING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);

/** How far down the open elements a closing tag looks for its element, as a parser would. */
const CLOSE_REACH = 16;

export interface HtmlShape {
  /** Opening and closing tags, every one. */
  tags: number;
  /** The most elements open at once. */
  depth: number;
}

/** Tags and the deepest nesting of `html`, in one linear pass. */
export function htmlShape(html: string): HtmlShape {
  const open: string[] = [];
  let tags = 0;
  let depth = 0;
  for (const match of html.matchAll(/<(\/?)([a-z][a-z0-9-]*)[^>]*?(\/?)>/gi)) {
    tags++;
    const name = match[2]!.toLowerCase();
    if (match[1]) {
      // A closing tag ends its element and any left open inside it, when it is near the top.
      // Looking no deeper keeps the pass linear whatever the text.
      const from = Math.max(0, open.length - CLOSE_REACH);
      for (let at = open.length - 1; at >= from; at--) {
        if (open[at] !== name) continue;
        open.length = at;
        break;
      }
      continue;
    }
    if (VOID.has(name) || match[3]) continue;
    if (SELF_ENDING.has(name) && open[open.length - 1] === name) open.pop();
    open.push(name);
    if (open.length > depth) depth = open.length;
  }
  return { tags, depth };
}
