/*
 * A stored article's HTML read into the shared document on the server, which has no DOM
 * (issue 43 item 1, docs/decisions/061): every kind of content the editor writes comes through
 * with the editor's own schema, and a saved text applied to a document changes only what differs.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BODY_FIELD, TITLE_FIELD } from '../../common/editor/editor-extensions';
import {
  applyArticle,
  bodyJsonOf,
  bodyNodeOf,
  documentOfArticle,
} from '../../server/modules/collab/collab-html';
import { setText, shiftThrough } from '../../common/editor/shared-text';

describe('HTML into the shared document', () => {
  it('reads headings, marks, links, figures, lists, quotes, code, tables and videos', () => {
    const html =
      '<h2>शीर्षक</h2><p>Hello <strong>bold</strong> <a href="https://x.org">link</a><br>line</p>' +
      '<figure><img src="/media/a.jpg" alt="A"><figcaption>Cap</figcaption></figure>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>x</p></li></ol>' +
      '<blockquote><p>q</p></blockquote><pre><code class="language-js">let x = 1;\n  y</code></pre>' +
      '<table><tbody><tr><th><p>h</p></th></tr><tr><td colspan="2"><p>c</p></td></tr></tbody></table>' +
      '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe></div>' +
      '<hr><p><em>i</em><s>s</s><u>u</u><code>c</code></p><img src="data:image/png;base64,AA">';
    const types = (bodyNodeOf(html).toJSON() as { content: { type: string }[] }).content.map(
      (n) => n.type,
    );
    expect(types).toEqual([
      'heading',
      'paragraph',
      'image',
      'bulletList',
      'orderedList',
      'blockquote',
      'codeBlock',
      'table',
      'youtube',
      'horizontalRule',
      'paragraph',
    ]);
    const json = JSON.stringify(bodyNodeOf(html).toJSON());
    for (const piece of [
      '"caption":"Cap"',
      '"start":3',
      '"language":"js"',
      '"colspan":2',
      '"type":"hardBreak"',
      '"href":"https://x.org"',
      '"text":"let x = 1;\\n  y"',
    ])
      expect(json).toContain(piece);
  });

  it('applies a saved text as a difference: an untouched paragraph keeps its place', () => {
    const doc = documentOfArticle({ html: '<p>First.</p><p>Second.</p>', title: 'Counting day' });
    expect(doc.getText(TITLE_FIELD).toString()).toBe('Counting day');
    const second = doc.getXmlFragment(BODY_FIELD).get(1);
    applyArticle(doc, { html: '<p>First, changed.</p><p>Second.</p>', title: 'Counting day live' });
    expect(bodyJsonOf(doc)).toEqual(bodyNodeOf('<p>First, changed.</p><p>Second.</p>').toJSON());
    expect(doc.getXmlFragment(BODY_FIELD).get(1)).toBe(second);
    expect(second).toBeInstanceOf(Y.XmlElement);
    expect(doc.getText(TITLE_FIELD).toString()).toBe('Counting day live');
  });

  it('sets a title as a difference: what another typed around the change stays', () => {
    const mine = new Y.Doc();
    const theirs = new Y.Doc();
    mine.getText(TITLE_FIELD).insert(0, 'Results: BJP ahead');
    Y.applyUpdate(theirs, Y.encodeStateAsUpdate(mine));
    // At once: one changes the middle, the other adds at the end.
    setText(mine.getText(TITLE_FIELD), 'Results: NDA ahead');
    theirs.getText(TITLE_FIELD).insert(18, ' in Bihar');
    Y.applyUpdate(mine, Y.encodeStateAsUpdate(theirs));
    Y.applyUpdate(theirs, Y.encodeStateAsUpdate(mine));
    expect(mine.getText(TITLE_FIELD).toString()).toBe('Results: NDA ahead in Bihar');
    expect(theirs.getText(TITLE_FIELD).toString()).toBe('Results: NDA ahead in Bihar');
    setText(mine.getText(TITLE_FIELD), 'परिणाम');
    expect(mine.getText(TITLE_FIELD).toString()).toBe('परिणाम');
  });

  it("carries a caret across another's change: after an insert before it, not after one past it", () => {
    expect(shiftThrough([{ retain: 2 }, { insert: 'abc' }], 5)).toBe(8);
    expect(shiftThrough([{ retain: 6 }, { insert: 'abc' }], 5)).toBe(5);
    expect(shiftThrough([{ retain: 1 }, { delete: 2 }], 5)).toBe(3);
    expect(shiftThrough([{ retain: 4 }, { delete: 3 }], 5)).toBe(4);
  });
});
