/*
 * Election blocks in a story's text (issue 69 item 4): the editor's dialog reads a results page's
 * address into a block; the sanitiser keeps a block's attributes only when they name one; the
 * reader's page finds each block once and leaves any it cannot fill as the link it was saved as.
 */
import { describe, expect, it } from 'vitest';
import { embedPath, embedRefOf } from '../../common/election-embed-ref';
import { embedRefs, withElectionEmbeds } from '../../common/election-embeds';
import { sanitizeArticleHtml } from '../../server/modules/articles/sanitize';
import { bodyNodeOf } from '../../server/modules/collab/collab-html';

const SEAT =
  '<div data-election="lok-sabha-2024" data-election-state="uttar-pradesh" data-election-seat="77"><a href="/elections/lok-sabha-2024/uttar-pradesh/77">Varanasi</a></div>';

describe('a results page’s address', () => {
  it('names the tally, a state or a seat, from a path or a whole address', () => {
    expect(embedRefOf('/elections/lok-sabha-2024')).toEqual({
      election: 'lok-sabha-2024',
      state: undefined,
      seat: undefined,
    });
    expect(embedRefOf('https://patrika.example/elections/lok-sabha-2024/uttar-pradesh/')).toEqual({
      election: 'lok-sabha-2024',
      state: 'uttar-pradesh',
      seat: undefined,
    });
    expect(embedRefOf('/elections/lok-sabha-2024/uttar-pradesh/77-varanasi?x=1')).toEqual({
      election: 'lok-sabha-2024',
      state: 'uttar-pradesh',
      seat: 77,
    });
    expect(embedPath({ election: 'lok-sabha-2024', state: 'uttar-pradesh', seat: 77 })).toBe(
      '/elections/lok-sabha-2024/uttar-pradesh/77',
    );
  });

  it('is refused when it is not one', () => {
    for (const address of [
      '',
      '/local/rajasthan',
      '/elections',
      '/elections/lok-sabha-2024/map.svg',
      '/elections/lok-sabha-2024/uttar-pradesh/0',
      '/elections/lok-sabha-2024/uttar-pradesh/77/x',
      '/elections/Lok_Sabha',
    ])
      expect(embedRefOf(address), address).toBeUndefined();
  });
});

describe('the saved block', () => {
  it('goes through the editor’s schema and the sanitiser as it was saved', () => {
    // Read as the co-editing server reads stored text, with the editor's schema.
    const block = bodyNodeOf(SEAT).firstChild!;
    expect(block.toJSON()).toMatchObject({
      type: 'electionEmbed',
      attrs: { election: 'lok-sabha-2024', state: 'uttar-pradesh', seat: 77, label: 'Varanasi' },
    });
    // Written back as it was saved.
    expect(block.type.spec.toDOM?.(block)).toEqual([
      'div',
      {
        'data-election': 'lok-sabha-2024',
        'data-election-state': 'uttar-pradesh',
        'data-election-seat': '77',
      },
      ['a', { href: '/elections/lok-sabha-2024/uttar-pradesh/77' }, 'Varanasi'],
    ]);
    expect(sanitizeArticleHtml(SEAT)).toBe(SEAT);
  });

  it('loses attributes that name nothing, and anything else', () => {
    expect(
      sanitizeArticleHtml(
        '<div data-election="x" data-election-state="a b" data-election-seat="7" class="y">z</div>',
      ),
    ).toBe('<div data-election="x">z</div>');
    expect(sanitizeArticleHtml('<div data-election="" data-election-seat="7">z</div>')).toBe(
      '<div>z</div>',
    );
    expect(sanitizeArticleHtml('<div data-elections="x">z</div>')).toBe('<div>z</div>');
  });
});

describe('the reader’s page', () => {
  it('finds each block once, across the text and the entries', () => {
    expect(
      embedRefs([
        `<p>a</p>${SEAT}`,
        SEAT,
        '<div data-election="b"><a href="/elections/b">b</a></div>',
      ]),
    ).toEqual([
      { election: 'lok-sabha-2024', state: 'uttar-pradesh', seat: 77 },
      { election: 'b', state: undefined, seat: undefined },
    ]);
  });

  it('leaves a block it cannot fill as its link, and keeps no tag for it', async () => {
    const kept: string[] = [];
    const texts = await withElectionEmbeds(
      {
        services: {
          elections: {
            resultsPage: async () => undefined,
            seatPage: async () => undefined,
            counting: async () => [],
          },
        },
        keep: (...tags) => kept.push(...tags),
      },
      [`<p>a</p>${SEAT}`],
      { lang: 'en', timeZone: 'Asia/Kolkata' },
    );
    expect(texts).toEqual([`<p>a</p>${SEAT}`]);
    expect(kept).toEqual([]);
  });
});
