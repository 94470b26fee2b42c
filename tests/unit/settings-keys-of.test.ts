/*
 * A settings change's event names the keys that changed, never their values (common/schemas/
 * events.ts); the audit trail and the digests' re-planning read them through settingsKeysOf.
 */
import { describe, expect, it } from 'vitest';
import { settingsKeysOf } from '../../common/schemas/events';

describe('settingsKeysOf', () => {
  it('answers the keys a settings event names', () => {
    const event = { type: 'settings.updated', data: { keys: ['timeZone', 'shortName'] } };
    expect(settingsKeysOf(event)).toEqual(['timeZone', 'shortName']);
  });

  it('answers none for another event, even one carrying keys', () => {
    expect(settingsKeysOf({ type: 'page.updated', data: { keys: ['timeZone'] } })).toEqual([]);
  });

  it('answers none for a settings event without a list, and drops what is not a name', () => {
    expect(settingsKeysOf({ type: 'settings.updated', data: {} })).toEqual([]);
    expect(settingsKeysOf({ type: 'settings.updated', data: { keys: 'timeZone' } })).toEqual([]);
    expect(
      settingsKeysOf({ type: 'settings.updated', data: { keys: ['timeZone', 3, null] } }),
    ).toEqual(['timeZone']);
  });
});
