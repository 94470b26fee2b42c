/*
 * A small DOM over htmlparser2's tree, enough for ProseMirror's DOMParser and the editor's parse
 * rules to read a stored article's HTML on the server, which has no DOM (docs/decisions/061).
 * It knows the selectors those rules use (a tag, `[attr]`, `[attr^="x"]` and the like, `:not()`,
 * and a descendant) and the few properties they read; nothing else.
 */
import { parseDocument } from 'htmlparser2';

type ShimNode = ShimElement | ShimText;
type ParsedNode = ReturnType<typeof parseDocument>['children'][number];

abstract class ShimBase {
  parentNode: ShimElement | null = null;
  readonly ownerDocument = { createTextNode: (text: string) => new ShimText(text) };
  get nextSibling(): ShimNode | null {
    return siblingOf(this, 1);
  }
  get previousSibling(): ShimNode | null {
    return siblingOf(this, -1);
  }
  abstract get textContent(): string;
}

function siblingOf(node: ShimBase, step: 1 | -1): ShimNode | null {
  const list = node.parentNode?.childNodes ?? [];
  return list[list.indexOf(node as ShimNode) + step] ?? null;
}

class ShimText extends ShimBase {
  readonly nodeType = 3;
  readonly nodeName = '#text';
  constructor(public nodeValue: string) {
    super();
  }
  get textContent() {
    return this.nodeValue;
  }
}

class ShimElement extends ShimBase {
  readonly nodeType = 1;
  readonly namespaceURI = 'http://www.w3.org/1999/xhtml';
  readonly childNodes: ShimNode[] = [];
  readonly tagName: string;
  readonly style: ShimStyle;
  constructor(
    readonly localName: string,
    private readonly attrs: Record<string, string>,
  ) {
    super();
    this.tagName = localName.toUpperCase();
    this.style = styleOf(attrs.style ?? '');
  }
  get parentElement() {
    return this.parentNode;
  }
  get children(): ShimElement[] {
    return this.childNodes.filter((c): c is ShimElement => c instanceof ShimElement);
  }
  closest(selector: string): ShimElement | null {
    return this.matches(selector) ? this : (this.parentNode?.closest(selector) ?? null);
  }
  querySelectorAll(selector: string): ShimElement[] {
    return this.children.flatMap((c) => [
      ...(c.matches(selector) ? [c] : []),
      ...c.querySelectorAll(selector),
    ]);
  }
  get nodeName() {
    return this.tagName;
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get firstElementChild() {
    return this.childNodes.find((c): c is ShimElement => c instanceof ShimElement) ?? null;
  }
  get classList(): string[] {
    return (this.attrs.class ?? '').split(/\s+/).filter(Boolean);
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join('');
  }
  getAttribute(name: string): string | null {
    return this.attrs[name.toLowerCase()] ?? null;
  }
  hasAttribute(name: string) {
    return name.toLowerCase() in this.attrs;
  }
  appendChild(child: ShimNode) {
    const from = child.parentNode?.childNodes;
    if (from) from.splice(from.indexOf(child), 1);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }
  contains(other: ShimBase | null): boolean {
    for (let n = other; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
  matches(selector: string): boolean {
    return selector.split(',').some((one) => matchesChain(this, descendantChain(one)));
  }
  querySelector(selector: string): ShimElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

/**
 * A selector's compounds, outermost first: `div[x] iframe` → [`div[x]`, `iframe`]; a child
 * combinator (`colgroup > col`) is read as a descendant, which the editor's HTML cannot tell apart.
 */
function descendantChain(selector: string): string[] {
  return (selector.trim().match(/(?:[^\s[(>]|\[[^\]]*\]|\([^)]*\))+/g) ?? []).filter(Boolean);
}

/** An inline style, as far as the parse rules read it (CSSStyleDeclaration's few members). */
interface ShimStyle {
  length: number;
  textAlign: string;
  whiteSpace: string;
  getPropertyValue(name: string): string;
}

function styleOf(text: string): ShimStyle {
  const values = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf(':');
    if (at > 0) values.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const get = (name: string) => values.get(name) ?? '';
  return {
    length: values.size,
    textAlign: get('text-align'),
    whiteSpace: get('white-space'),
    getPropertyValue: get,
  };
}

function matchesChain(element: ShimElement, chain: string[]): boolean {
  const last = chain.at(-1);
  if (last === undefined || !matchesCompound(element, last)) return false;
  const rest = chain.slice(0, -1);
  if (rest.length === 0) return true;
  for (let up = element.parentNode; up; up = up.parentNode) if (matchesChain(up, rest)) return true;
  return false;
}

const PART = /^(?:\[([\w-]+)(?:([~^$*|]?=)\s*"?([^"\]]*?)"?(\s+i)?)?\]|:not\((.*)\))/;

/** A tag with attribute tests and `:not(…)`: `img[src]:not([src^="data:"])`. */
function matchesCompound(element: ShimElement, compound: string): boolean {
  const tag = /^[\w-]*|^\*/.exec(compound)?.[0] ?? '';
  if (tag && tag !== '*' && tag.toLowerCase() !== element.localName) return false;
  let rest = compound.slice(tag.length);
  while (rest) {
    const m = PART.exec(rest);
    if (!m) return false;
    const [whole, name, op, value = '', insensitive, negated] = m;
    if (negated !== undefined) {
      if (matchesCompound(element, negated)) return false;
    } else if (!attributeMatches(element.getAttribute(name ?? ''), op, value, !!insensitive))
      return false;
    rest = rest.slice(whole.length);
  }
  return true;
}

function attributeMatches(
  actual: string | null,
  op: string | undefined,
  wanted: string,
  insensitive: boolean,
): boolean {
  if (actual === null) return false;
  if (!op) return true;
  const [a, w] = insensitive ? [actual.toLowerCase(), wanted.toLowerCase()] : [actual, wanted];
  if (op === '=') return a === w;
  if (op === '^=') return a.startsWith(w);
  if (op === '$=') return a.endsWith(w);
  if (op === '*=') return a.includes(w);
  if (op === '~=') return a.split(/\s+/).includes(w);
  return a === w || a.startsWith(`${w}-`);
}

function shimOf(node: ParsedNode): ShimNode | undefined {
  if (node.type === 'text') return new ShimText(node.data);
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return undefined;
  const element = new ShimElement(node.name.toLowerCase(), { ...node.attribs });
  for (const child of node.children) {
    const shim = shimOf(child);
    if (shim) element.appendChild(shim);
  }
  return element;
}

/** The HTML as the children of a `<body>`, for `DOMParser.parse`. */
export function parseHtmlBody(html: string): ShimElement {
  const body = new ShimElement('body', {});
  for (const child of parseDocument(html, { decodeEntities: true }).children) {
    const shim = shimOf(child);
    if (shim) body.appendChild(shim);
  }
  return body;
}
