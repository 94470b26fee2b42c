/*
 * The redirect parameter of /login and /signup (issue 13 item 7, open redirect): only a path
 * of this site survives, judged the way a browser reads it (tabs and line breaks removed,
 * backslashes as slashes), and what comes out is safe to put in a Location header.
 */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../app/features/session/user-info';

const FALLBACK = '/admin/dashboard';

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/category/parenting?page=2#top', '/category/parenting?page=2#top'],
    ['/लेख/कहानी', '/%E0%A4%B2%E0%A5%87%E0%A4%96/%E0%A4%95%E0%A4%B9%E0%A4%BE%E0%A4%A8%E0%A5%80'],
    ['/search?q=मानसून', '/search?q=%E0%A4%AE%E0%A4%BE%E0%A4%A8%E0%A4%B8%E0%A5%82%E0%A4%A8'],
  ])('keeps the same-site path %s', (target, expected) => {
    expect(safeRedirect(target, FALLBACK)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['absolute', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['tab between the slashes', '/\t/evil.example'],
    ['line feed between the slashes', '/\n/evil.example'],
    ['carriage return between the slashes', '/\r/evil.example'],
    ['leading space', ' //evil.example'],
    ['tab first', '\t//evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'evil.example'],
    // Issue 24 item 7: forms that become //host only once the URL is resolved.
    ['dot segment', '/.//evil.example'],
    ['dot-dot segment', '/a/..//evil.example'],
    ['percent-encoded dot', '/%2e//evil.example'],
    ['percent-encoded dot-dot', '/x/%2E%2E//evil.example'],
    ['dot and backslash', '/./\\evil.example'],
    ['dot, backslash and slash', '/.\\/evil.example'],
    ['encoded dots and backslashes', '/%2e%2e/\\/evil.example/path?q=1'],
    ['dot segment after a tab', '/.\t//evil.example'],
  ])('refuses a %s target', (_name, target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK);
  });

  it('answers only characters a Location header may carry', () => {
    for (const target of ['/a\r\nSet-Cookie: x=1', '/ok\u0000', '/\u0085x', '/ü', '/a b']) {
      const out = safeRedirect(target, FALLBACK);
      expect(out.startsWith('/')).toBe(true);
      expect(out.startsWith('//')).toBe(false);
      expect(out).toMatch(/^[\x21-\x7e]+$/);
    }
  });
});

describe('every refused form, as a browser follows it', () => {
  it('never leaves this site: each answer resolves to this origin', () => {
    const here = 'https://patrika.example';
    const forms = ['/', '/.', '/..', '/%2e', '/%2E%2E', '/\\', '/\t', '//', 'evil.example'];
    // Every sequence of up to three of these, then a host: 729 targets.
    for (const a of forms)
      for (const b of forms)
        for (const c of forms) {
          const target = `${a}${b}${c}/evil.example/x`;
          const sent = safeRedirect(target, FALLBACK);
          expect(new URL(sent, here).origin, target).toBe(here);
        }
  });
});
