/*
 * Back-office polish (issue 45 item 8): the sidebar's initials of the signed-in person, and
 * counts that agree in number in both interface languages.
 */
import { describe, expect, it } from 'vitest';
import { adminCopy } from '../../app/copy/admin';
import { adminCopyHi } from '../../app/copy/admin.hi';
import { initialsOf } from '../../app/features/session/initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Asha Rao')).toBe('AR');
    expect(initialsOf('  meera   k  sharma ')).toBe('MS');
    expect(initialsOf('Ravi')).toBe('R');
    expect(initialsOf('')).toBe('');
  });

  it('keeps a Devanagari name to its first letters, whole', () => {
    expect(initialsOf('राम शर्मा')).toBe('रश');
  });
});

describe('counts agree in number', () => {
  it('says "1 view" and "2 views"; Hindi "1 व्यू" and "2 व्यू"', () => {
    expect(adminCopy.dashboard.viewCount(1, 'en-IN')).toBe('1 view');
    expect(adminCopy.dashboard.viewCount(2, 'en-IN')).toBe('2 views');
    expect(adminCopy.dashboard.viewCount(1500, 'en-IN')).toBe('1,500 views');
    expect(adminCopyHi.dashboard.viewCount(1, 'hi-IN')).toBe('1 व्यू');
    expect(adminCopyHi.dashboard.viewCount(2, 'hi-IN')).toBe('2 व्यू');
  });
});
