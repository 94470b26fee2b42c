import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, resolveSettings } from '../../common/settings';

describe('resolveSettings', () => {
  it('answers the defaults when nothing is stored', () => {
    expect(resolveSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(resolveSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps every stored value that validates when another no longer does', () => {
    const stored = {
      siteName: 'Jaipur Weekly',
      shortName: 'JW',
      contactPhone: '+91 141 222 3333',
      // Saved before the rules changed: no longer an e-mail, and too many sections.
      contactEmail: 'not an e-mail',
      homeSectionSlugs: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      social: { facebook: 'https://facebook.com/jw', x: 'javascript:alert(1)' },
    };
    expect(resolveSettings(stored)).toEqual({
      ...DEFAULT_SETTINGS,
      siteName: 'Jaipur Weekly',
      shortName: 'JW',
      contactPhone: '+91 141 222 3333',
      social: { ...DEFAULT_SETTINGS.social, facebook: 'https://facebook.com/jw' },
    });
  });

  it('drops keys that are no longer settings', () => {
    expect(resolveSettings({ retired: 'x', shortName: 'JW' })).toEqual({
      ...DEFAULT_SETTINGS,
      shortName: 'JW',
    });
  });

  it('starts a fresh site with no placeholder contact details or social links', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      contactEmail: '',
      contactPhone: '',
      contactAddress: '',
      mapLocation: '',
      social: { facebook: '', x: '', instagram: '', youtube: '' },
    });
  });

  it('speaks SPEC.md’s English to readers unless an administrator chooses Hindi', () => {
    expect(DEFAULT_SETTINGS.uiLanguage).toBe('en');
    expect(resolveSettings({ uiLanguage: 'hi' }).uiLanguage).toBe('hi');
    // A language the interface does not speak falls back alone.
    expect(resolveSettings({ uiLanguage: 'fr', shortName: 'JW' })).toMatchObject({
      uiLanguage: 'en',
      shortName: 'JW',
    });
  });

  it('lays the home out as SPEC.md’s magazine unless an administrator chooses news', () => {
    expect(DEFAULT_SETTINGS.homeLayout).toBe('magazine');
    // Settings saved before the layout existed, and a layout no longer known, read magazine.
    expect(resolveSettings({ shortName: 'JW' }).homeLayout).toBe('magazine');
    expect(resolveSettings({ homeLayout: 'tabloid' }).homeLayout).toBe('magazine');
    expect(resolveSettings({ homeLayout: 'news' }).homeLayout).toBe('news');
  });
});
