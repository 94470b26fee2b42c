import { describe, expect, it } from 'vitest';
import { statusBadge } from '../../app/features/articles/article-status';

describe('the status lists show', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('names a future publication as scheduled, in the site zone', () => {
    expect(
      statusBadge(
        { status: 'published', publishedAt: '2026-11-23T00:30:00Z' },
        'Asia/Kolkata',
        now,
      ),
    ).toEqual({ text: 'Scheduled · 23 Nov 2026, 06:00 IST', tone: 'info' });
  });
  it('names the other states', () => {
    const at = '2026-11-01T00:00:00Z';
    expect(statusBadge({ status: 'published', publishedAt: at }, 'Asia/Kolkata', now).text).toBe(
      'Published',
    );
    expect(statusBadge({ status: 'pending', publishedAt: at }, 'Asia/Kolkata', now).text).toBe(
      'Pending review',
    );
    expect(statusBadge({ status: 'draft', publishedAt: at }, 'Asia/Kolkata', now).text).toBe(
      'Draft',
    );
  });
});
