import { describe, expect, it } from 'vitest';
import { htmlShape } from '../../common/html-shape';
import { ArticleInputSchema } from '../../common/schemas/article-input';

describe('the shape of an article text, before it is cleaned', () => {
  it('counts every tag, opening and closing, and the deepest nesting', () => {
    expect(htmlShape('<p>a <b>b</b> <i>c</i></p><p>d<br>e<br/></p>')).toEqual({
      tags: 10,
      depth: 2,
    });
    expect(htmlShape(`${'<div>'.repeat(300)}x${'</div>'.repeat(300)}`).depth).toBe(300);
    expect(htmlShape('plain text, a < b > c').tags).toBe(0);
  });

  it('reads omitted end tags and stray ones as a parser would', () => {
    // Paragraphs and list items end at the next of their kind.
    expect(htmlShape('<p>one<p>two<p>three').depth).toBe(1);
    expect(htmlShape('<ul><li>a<li>b<li>c</ul>').depth).toBe(2);
    // A closing tag ends what it closes and what was left open inside it.
    expect(htmlShape('<div><b><i>x</div><div>y</div>').depth).toBe(3);
    // A stray closing tag closes nothing.
    expect(htmlShape('</p></p><div>x</div>').depth).toBe(1);
  });

  it('finds the text that held the cleaner for most of a minute, in one pass', () => {
    const hostile = `${'<b>'.repeat(19_000)}${'</p>'.repeat(100_000)}`;
    expect(htmlShape(hostile)).toEqual({ tags: 119_000, depth: 19_000 });
    const parsed = ArticleInputSchema.shape.description.safeParse(hostile);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      'description has too many HTML tags (at most 40000)',
    ]);
    // Under the tag limit, the depth still refuses it.
    const deep = `${'<b>'.repeat(19_000)}${'</p>'.repeat(20_000)}`;
    expect(ArticleInputSchema.shape.description.safeParse(deep).error?.issues[0]?.message).toBe(
      'description nests HTML elements too deeply (at most 256 levels)',
    );
  });

  it('takes what an editor writes', () => {
    const feature = '<h2>t</h2><p>para <a href="https://x.example/">l</a> <em>e</em></p>'.repeat(
      2_000,
    );
    expect(ArticleInputSchema.shape.description.safeParse(feature).success).toBe(true);
  });
});
