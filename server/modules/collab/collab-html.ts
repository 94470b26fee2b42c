/*
 * An article's HTML and its shared document (docs/decisions/061): the document made from stored
 * HTML when none exists, and a saved HTML applied to an open document as a difference, with the
 * editor's own schema (common/editor/editor-extensions.ts).
 */
import { DOMParser as ProseMirrorParser, type Node, type Schema } from '@tiptap/pm/model';
import {
  prosemirrorToYXmlFragment,
  updateYFragment,
  yXmlFragmentToProseMirrorRootNode,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { BODY_FIELD, bodySchema, TITLE_FIELD } from '../../../common/editor/editor-extensions';
import { setText } from '../../../common/editor/shared-text';
import { parseHtmlBody } from './html-dom';

let schema: Schema | undefined;
const theSchema = () => (schema ??= bodySchema());

/** The body's ProseMirror document for a stored HTML text. */
export function bodyNodeOf(html: string): Node {
  const s = theSchema();
  return ProseMirrorParser.fromSchema(s).parse(parseHtmlBody(html) as never);
}

/** A new shared document holding an article's `html` as its body and `title` as its title. */
export function documentOfArticle({ html, title }: { html: string; title: string }): Y.Doc {
  const doc = new Y.Doc();
  prosemirrorToYXmlFragment(bodyNodeOf(html), doc.getXmlFragment(BODY_FIELD));
  doc.getText(TITLE_FIELD).insert(0, title);
  return doc;
}

/**
 * Makes the document's body `html`, changing only what differs (y-prosemirror's own update, as
 * the editor's binding does), in one transaction with `origin`.
 */
export function applyArticle(
  doc: Y.Doc,
  { html, title }: { html: string; title: string },
  origin?: unknown,
) {
  const node = bodyNodeOf(html);
  const fragment = doc.getXmlFragment(BODY_FIELD);
  doc.transact(() => {
    updateYFragment(doc, fragment, node, { mapping: new Map(), isOMark: new Map() });
    setText(doc.getText(TITLE_FIELD), title);
  }, origin);
}

/** The body of a shared document as ProseMirror JSON (tests, and checks). */
export function bodyJsonOf(doc: Y.Doc): unknown {
  return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(BODY_FIELD), theSchema()).toJSON();
}
