import { describe, expect, it } from 'vitest';
import { readSubscriberCsv } from '../../server/modules/newsletters/subscriber-csv';

/* Issue 37 item 5: how an imported list is read, line by line (the header is line 1). */

const now = new Date('2026-11-25T12:00:00Z');
const ids: Record<string, string> = { morning: 'id-morning', evening: 'id-evening' };
const read = (text: string) => readSubscriberCsv(text, (slug) => ids[slug], now);

describe('readSubscriberCsv', () => {
  it('reads any column order, a BOM, CRLF or LF, quoted commas, and names rows by line', () => {
    const { rows, refused } = read(
      '\ufeffConsent,Email,Newsletters,Name,Subscribed_At\r\n' +
        'true,A@Example.com,morning;EVENING,"Doe, A",2025-02-01T00:00:00Z\n' +
        '\n' +
        'TRUE,b@example.com,evening;evening,"Two\nlines",\r\n' +
        'false,c@example.com,morning,C,\n' +
        'true,d@example.com,morning,D,2099-01-01\n',
    );
    expect(rows).toEqual([
      {
        line: 2,
        email: 'a@example.com',
        name: 'Doe, A',
        newsletterIds: ['id-morning', 'id-evening'],
        subscribedAt: new Date('2025-02-01T00:00:00Z'),
      },
      {
        line: 4,
        email: 'b@example.com',
        name: 'Two\nlines',
        newsletterIds: ['id-evening'],
        subscribedAt: now,
      },
      // A date in the future is not believed: the import's time.
      {
        line: 7,
        email: 'd@example.com',
        name: 'D',
        newsletterIds: ['id-morning'],
        subscribedAt: now,
      },
    ]);
    expect(refused).toEqual([{ line: 6, reason: 'no_consent' }]);
  });

  it('refuses bad addresses and unknown or missing newsletters', () => {
    const { rows, refused } = read(
      'email,newsletters,consent\nnope,morning,true\nx@example.com,weekly,true\ny@example.com,,true\n',
    );
    expect(rows).toEqual([]);
    expect(refused).toEqual([
      { line: 2, reason: 'invalid_email' },
      { line: 3, reason: 'unknown_newsletter' },
      { line: 4, reason: 'unknown_newsletter' },
    ]);
  });

  it('refuses a file without an email column or with an unclosed quote', () => {
    expect(() => read('name,consent\nA,true\n')).toThrow(
      expect.objectContaining({ code: 'subscribers.csv_no_email' }),
    );
    expect(() => read('email,consent\n"a@example.com,true\n')).toThrow(
      expect.objectContaining({ code: 'subscribers.csv_unreadable' }),
    );
  });
});
