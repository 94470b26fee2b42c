/*
 * docs/deploy/varnish.vcl (issue 23 item 6) names things Patrika decides elsewhere: the sign-in
 * cookie, the key "everything" is purged by, the stale-while-revalidate a healthy Patrika allows.
 * They must agree; varnishd must accept the file where it is installed (the integration test
 * tests/integration/server/varnish.test.ts runs it in front of Patrika).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARNISH_ALL_KEY } from '../../server/caching/cdn-purge';
import { PRIVATE_PREFIXES, PUBLIC_PAGE_CACHE_CONTROL } from '../../server/caching/http-caching';
import { AUTH_COOKIE, READER_COOKIE } from '../../server/plugins/auth';
import { MEMBER_COOKIE } from '../../common/article-access';
import { findVarnishd, VARNISH_VCL, vclFor } from '../setup/varnish';
import { SLOW_TEST } from '../setup/timeouts';

const vcl = readFileSync(VARNISH_VCL, 'utf8');
const varnishd = findVarnishd();

// varnishd runs as a process.
describe('docs/deploy/varnish.vcl', SLOW_TEST, () => {
  it('agrees with Patrika on the sign-in cookie, the purge-everything key and the grace', () => {
    expect(vcl).toContain(`req.http.Cookie ~ "(^|;)[ \\t]*${AUTH_COOKIE}[ \\t]*="`);
    expect(vcl).toContain('std.collect(req.http.Cookie, "; ");');
    // A member's browser passes: its pages are its class's (issue 39 item 3).
    expect(vcl).toContain(`req.http.Cookie ~ "(^|;)[ \\t]*${MEMBER_COOKIE}[ \\t]*="`);
    expect(vcl).toContain(`beresp.http.Surrogate-Key + " ${VARNISH_ALL_KEY}"`);
    const swr = /stale-while-revalidate=(\d+)/.exec(PUBLIC_PAGE_CACHE_CONTROL)?.[1];
    expect(vcl).toContain(`set req.grace = ${swr}s;`);
  });

  it('passes the pages Patrika never keeps, and lets a reader’s session read shared pages', () => {
    const line = /req\.url ~ "\^\/\(([^)]+)\)\(\[\/\.\?\]\|\$\)"/.exec(vcl);
    expect(line?.[1]?.split('|').map((p) => `/${p}`)).toEqual(PRIVATE_PREFIXES);
    expect(vcl).not.toContain(`${READER_COOKIE}[ \\t]*=`);
  });

  it('the tests run it as shipped, with only the backend’s port changed', () => {
    const copy = vclFor(4321);
    expect(copy).toContain('.port = "4321";');
    expect(copy.replace('.port = "4321";', '.port = "3000";')).toBe(vcl);
  });

  it('README links it', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain('docs/deploy/varnish.vcl');
  });

  it.skipIf(!varnishd)(
    `varnishd compiles it${varnishd ? '' : ' (skipped: varnishd is not installed)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'patrika-vcl-'));
      try {
        // -C only compiles (with vmod_xkey, which must be installed: varnish-modules).
        const run = spawnSync(varnishd!, ['-C', '-f', VARNISH_VCL, '-n', join(dir, 'n')], {
          encoding: 'utf8',
        });
        expect(run.status, run.stderr).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
