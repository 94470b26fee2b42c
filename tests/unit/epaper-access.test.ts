/*
 * The paid e-paper's rules (issue 68 items 2, 3 and 5; common/epaper-access.ts): which pages are
 * free, why a reader is walled (signed out, no plan with the e-paper or a lower one, past their
 * plan's reach), and a clip's box shrunk to its share of the page.
 */
import { describe, expect, it } from 'vitest';
import {
  cappedBox,
  daysBefore,
  epaperWall,
  FULL_REACH,
  isFreePage,
  NO_REACH,
  type EditionEpaper,
} from '../../common/epaper-access';

const paid: EditionEpaper = { access: 'paid', freePages: [1, 3] };
const members: EditionEpaper = { access: 'members', freePages: [] };
const TODAY = '2026-11-30';
const reach = (r: Partial<typeof FULL_REACH>) => ({ ...FULL_REACH, ...r });

describe('the paid e-paper’s rules', () => {
  it('frees every page of a free edition, and only the free pages of another', () => {
    expect(isFreePage({ access: 'free', freePages: [] }, 7)).toBe(true);
    expect([1, 2, 3].map((n) => isFreePage(paid, n))).toEqual([true, false, true]);
  });

  it('says why a reader is walled', () => {
    expect(epaperWall(paid, NO_REACH, TODAY, TODAY)).toBe('sign-in');
    expect(epaperWall(paid, { ...NO_REACH, signedIn: true }, TODAY, TODAY)).toBe('subscribe');
    expect(epaperWall(paid, reach({ epaper: false }), TODAY, TODAY)).toBe('subscribe');
    expect(epaperWall(paid, reach({ reader: 'members' }), TODAY, TODAY)).toBe('subscribe');
    expect(epaperWall(members, reach({ reader: 'members' }), TODAY, TODAY)).toBeNull();
    expect(epaperWall(paid, FULL_REACH, '2001-01-01', TODAY)).toBeNull();
    expect(epaperWall({ access: 'free', freePages: [] }, NO_REACH, TODAY, TODAY)).toBeNull();
  });

  it('reaches back a plan’s days, the last of them included', () => {
    const week = reach({ days: 7 });
    expect(daysBefore(TODAY, 7)).toBe('2026-11-23');
    expect(epaperWall(paid, week, '2026-11-23', TODAY)).toBeNull();
    expect(epaperWall(paid, week, '2026-11-22', TODAY)).toBe('archive');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
  });

  it('shrinks a clip’s box to its share about its middle, its shape kept', () => {
    const box = { x: 0, y: 0.2, w: 1, h: 0.6 };
    const capped = cappedBox(box, 0.25);
    expect(capped.w * capped.h).toBeCloseTo(0.25, 10);
    expect(capped.w / capped.h).toBeCloseTo(box.w / box.h, 10);
    expect(capped.x + capped.w / 2).toBeCloseTo(0.5, 10);
    expect(capped.y + capped.h / 2).toBeCloseTo(0.5, 10);
    const small = { x: 0.1, y: 0.1, w: 0.2, h: 0.2 };
    expect(cappedBox(small, 0.25)).toBe(small);
  });
});
