import { describe, expect, it } from 'vitest';
import {
  errorMessageAt,
  fieldForPath,
  fieldNamesOf,
  sortIssues,
} from '../../app/components/form/server-errors';

describe('fieldNamesOf', () => {
  it('lists every field of the values, nested ones dotted', () => {
    expect(
      fieldNamesOf({ siteName: 'P', homeSectionSlugs: 'a, b', social: { x: '', youtube: '' } }),
    ).toEqual(['siteName', 'homeSectionSlugs', 'social.x', 'social.youtube']);
  });

  it('treats lists and empty values as fields of their own', () => {
    expect(fieldNamesOf({ tags: ['a'], isHome: false, author: null })).toEqual([
      'tags',
      'isHome',
      'author',
    ]);
    expect(fieldNamesOf(undefined)).toEqual([]);
  });
});

describe('fieldForPath', () => {
  const fields = ['name', 'password', 'homeSectionSlugs', 'social.x'];

  it('maps body paths onto fields, nested ones too', () => {
    expect(fieldForPath('body.password', fields)).toBe('password');
    expect(fieldForPath('body.social.x', fields)).toBe('social.x');
  });

  it('maps a part of a field onto the field that edits it whole', () => {
    expect(fieldForPath('body.homeSectionSlugs.0', fields)).toBe('homeSectionSlugs');
  });

  it('leaves paths outside the body, the body itself and unknown fields unplaced', () => {
    expect(fieldForPath('query.page', fields)).toBeUndefined();
    expect(fieldForPath('params.id', fields)).toBeUndefined();
    expect(fieldForPath('body', fields)).toBeUndefined();
    expect(fieldForPath('body.social', fields)).toBeUndefined();
    expect(fieldForPath('body.legacyId', fields)).toBeUndefined();
    expect(fieldForPath('password', fields)).toBeUndefined();
  });
});

describe('sortIssues', () => {
  it('keeps the first message per field and returns the rest unplaced', () => {
    const { byField, unplaced } = sortIssues(
      [
        { path: 'body.password', message: 'Password must be at least 8 characters' },
        { path: 'body.password', message: 'second problem' },
        { path: 'body.social.x', message: 'Must be an http(s) address or empty' },
        { path: 'query.page', message: 'page must be a number' },
      ],
      ['password', 'social.x'],
    );
    expect(byField).toEqual([
      { name: 'password', message: 'Password must be at least 8 characters' },
      { name: 'social.x', message: 'Must be an http(s) address or empty' },
    ]);
    expect(unplaced).toEqual([{ path: 'query.page', message: 'page must be a number' }]);
  });
});

describe('errorMessageAt', () => {
  it("gives a field's own message", () => {
    expect(
      errorMessageAt({ name: { type: 'too_small', message: 'name is required' } }, 'name'),
    ).toBe('name is required');
    expect(errorMessageAt({ social: { x: { message: 'bad address' } } }, 'social.x')).toBe(
      'bad address',
    );
  });

  it('gives the first message about a part of the field (a list edited as one text)', () => {
    const errors = {
      homeSectionSlugs: [undefined, { type: 'invalid_format', message: 'bad slug' }],
    };
    expect(errorMessageAt(errors, 'homeSectionSlugs')).toBe('bad slug');
  });

  it('never walks into the element reference kept with an error', () => {
    const ref = { message: 'not an error message' };
    expect(errorMessageAt({ name: { type: 'server', ref } }, 'name')).toBeUndefined();
  });

  it('gives nothing for a field without an error', () => {
    expect(errorMessageAt({}, 'name')).toBeUndefined();
    expect(errorMessageAt({ social: {} }, 'social.x')).toBeUndefined();
  });
});
