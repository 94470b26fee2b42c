/*
 * Newsletter preferences links (server/modules/newsletters/newsletter-links.ts): a token is a
 * subscriber's id, a dot and its signature, and nothing more (issue 66 item 12: a trailing part
 * was ignored, so one link had endless spellings).
 */
import { describe, expect, it } from 'vitest';
import {
  isManageToken,
  manageToken,
  subscriberOfToken,
} from '../../server/modules/newsletters/newsletter-links';

const KEY = 'k'.repeat(64);
const ID = '0b9c6f7e-2d3a-4c5b-8e9f-1a2b3c4d5e6f';

describe('preferences tokens', () => {
  it('name their subscriber under the key they were signed with', () => {
    const token = manageToken(KEY, ID);
    expect(isManageToken(token)).toBe(true);
    expect(subscriberOfToken([KEY], token)).toBe(ID);
    expect(subscriberOfToken(['o'.repeat(64)], token)).toBeUndefined();
  });

  it('refuse a token with a trailing part, or any other shape', () => {
    const token = manageToken(KEY, ID);
    for (const bad of [
      `${token}.extra`,
      `${token}.`,
      `${token}x`,
      `${token} `,
      `${ID}.`,
      `${ID}..${token.split('.')[1]}`,
      token.toUpperCase(),
    ]) {
      expect(isManageToken(bad), bad).toBe(false);
      expect(subscriberOfToken([KEY], bad), bad).toBeUndefined();
    }
  });
});
