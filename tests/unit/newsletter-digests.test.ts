import { describe, expect, it } from 'vitest';
import { nextDigestAt } from '../../server/modules/newsletters/newsletter-digests';

describe('nextDigestAt: a schedule read in the site’s time zone', () => {
  const after = new Date('2026-11-25T10:00:00Z'); // 15:30 in Kolkata, a Wednesday

  it('is today at the time when it is still to come, else tomorrow', () => {
    const daily = { kind: 'daily' as const, time: '18:00' };
    expect(nextDigestAt(daily, after, 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-25T12:30:00.000Z',
    );
    const morning = { kind: 'daily' as const, time: '07:00' };
    expect(nextDigestAt(morning, after, 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-26T01:30:00.000Z',
    );
  });

  it('is on its weekday (Sunday 0); manual never', () => {
    const sunday = { kind: 'weekly' as const, time: '09:00', weekday: 0 };
    expect(nextDigestAt(sunday, after, 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-11-29T03:30:00.000Z',
    );
    const wednesdayPast = { kind: 'weekly' as const, time: '08:00', weekday: 3 };
    expect(nextDigestAt(wednesdayPast, after, 'Asia/Kolkata')?.toISOString()).toBe(
      '2026-12-02T02:30:00.000Z',
    );
    expect(nextDigestAt({ kind: 'manual', time: '07:00' }, after, 'Asia/Kolkata')).toBeUndefined();
  });

  it('follows a zone with daylight saving', () => {
    const daily = { kind: 'daily' as const, time: '07:00' };
    // London on 2026-03-29 moves to BST: 07:00 is 06:00Z that day.
    expect(
      nextDigestAt(daily, new Date('2026-03-28T12:00:00Z'), 'Europe/London')?.toISOString(),
    ).toBe('2026-03-29T06:00:00.000Z');
  });
});
