import { describe, expect, it } from 'vitest';
import { adminInterfaceFor } from '../../app/copy/admin-language';
import { statusBadge } from '../../app/features/articles/article-status';

describe('the status lists show', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const en = adminInterfaceFor('en');
  const hi = adminInterfaceFor('hi');
  it('names a future publication as scheduled, in the site zone', () => {
    const at = { status: 'published', publishedAt: '2026-11-23T00:30:00Z' } as const;
    expect(statusBadge(at, 'Asia/Kolkata', en, now)).toEqual({
      text: 'Scheduled · 23 Nov 2026, 06:00 IST',
      tone: 'info',
    });
    // The back office in Hindi writes the date in Hindi too (DECISIONS.md §18).
    expect(statusBadge(at, 'Asia/Kolkata', hi, now).text).toBe('अनुसूचित · 23 नव॰ 2026, 06:00 IST');
  });
  it('names the other states', () => {
    const at = '2026-11-01T00:00:00Z';
    const text = (status: 'published' | 'pending' | 'draft', ui = en) =>
      statusBadge({ status, publishedAt: at }, 'Asia/Kolkata', ui, now).text;
    expect(text('published')).toBe('Published');
    expect(text('pending')).toBe('Pending review');
    expect(text('draft')).toBe('Draft');
    expect([text('published', hi), text('pending', hi), text('draft', hi)]).toEqual([
      'प्रकाशित',
      'समीक्षा बाक़ी',
      'मसौदा',
    ]);
  });
});
