/*
 * A comment's text made into HTML (issue 42 item 1): everything escaped, paragraphs and line
 * breaks kept, http(s) addresses made into links that search engines do not follow.
 */
import { describe, expect, it } from 'vitest';
import { commentHtml, linksIn } from '../../common/comment-text';

describe('commentHtml', () => {
  it('escapes every character that could be markup', () => {
    expect(commentHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '<p>&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
  });

  it('parts paragraphs at blank lines and keeps single line breaks', () => {
    expect(commentHtml('एक\r\nदो\n\n\n  तीन  \n\n')).toBe('<p>एक<br>दो</p><p>तीन</p>');
  });

  it('links http(s) addresses, leaving sentence punctuation outside', () => {
    expect(commentHtml('Read https://example.org/x?a=1&b="2". (http://a.in/b)।')).toBe(
      '<p>Read <a href="https://example.org/x?a=1&amp;b=" rel="ugc nofollow noopener">' +
        'https://example.org/x?a=1&amp;b=</a>&quot;2&quot;. (<a href="http://a.in/b" ' +
        'rel="ugc nofollow noopener">http://a.in/b</a>)।</p>',
    );
  });

  it('never links other schemes', () => {
    expect(commentHtml('javascript:alert(1) data:text/html,x')).not.toContain('<a');
  });

  it('counts the links a text has', () => {
    expect(linksIn('https://a.org and http://b.org/x, not ftp://c.org')).toEqual([
      'https://a.org',
      'http://b.org/x',
    ]);
  });
});
