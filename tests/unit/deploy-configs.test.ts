/*
 * The systemd unit and the nginx front that README.md hands to operators (issue 13 item 4) must
 * be accepted by the tools that read them. Each check runs where its tool is installed and is
 * skipped elsewhere, its name saying so (neither tool is a dependency of Patrika).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SLOW_TEST } from '../setup/timeouts';

const root = join(import.meta.dirname, '..', '..');
const UNIT = join(root, 'docs', 'deploy', 'patrika.service');
const NGINX = join(root, 'docs', 'deploy', 'nginx.conf');

/** The absolute path of a command on PATH, or undefined. */
function which(command: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

const systemdAnalyze = which('systemd-analyze');
// Debian puts nginx in /usr/sbin, which is not on every user's PATH.
const nginx = which('nginx') ?? which('/usr/sbin/nginx');
const openssl = which('openssl');
const npm = which('npm');

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'patrika-deploy-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const skipped = (why: string | false) => (why ? ` (skipped: ${why})` : '');

// systemd-analyze, openssl (it makes an RSA key) and nginx run as processes.
describe('docs/deploy', SLOW_TEST, () => {
  it('README links both files', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('docs/deploy/patrika.service');
    expect(readme).toContain('docs/deploy/nginx.conf');
  });

  it('the unit signals npm start and waits longer than the server’s shutdown grace', () => {
    const unit = readFileSync(UNIT, 'utf8');
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/npm start$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    // server/index.ts gives in-flight requests 20 s.
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(20);
  });

  const noSystemd = !systemdAnalyze
    ? 'systemd-analyze is not installed'
    : !npm && 'npm is not on PATH';
  it.skipIf(Boolean(noSystemd))(
    `systemd-analyze verify accepts patrika.service${skipped(noSystemd)}`,
    () => {
      // The unit names /usr/bin/npm (Debian's); verify checks that the command exists.
      const dir = scratch();
      const copy = join(dir, 'patrika.service');
      writeFileSync(copy, readFileSync(UNIT, 'utf8').replace('/usr/bin/npm', npm as string));
      const run = spawnSync(systemdAnalyze as string, ['verify', copy], { encoding: 'utf8' });
      // verify exits 0 on some mistakes (a bad value is "ignored") but always says so.
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    },
  );

  const noNginx = !nginx
    ? 'nginx is not installed'
    : !openssl && 'openssl is needed to make a test certificate';
  it.skipIf(Boolean(noNginx))(`nginx -t accepts nginx.conf${skipped(noNginx)}`, () => {
    const dir = scratch();
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    const keys = spawnSync(
      openssl as string,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=patrika.example',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    expect(keys.status, keys.stderr).toBe(0);
    // The file as README gives it, with the certificate and cache paths of this scratch folder,
    // inside a main configuration as Debian's includes conf.d/*.conf.
    const site = readFileSync(NGINX, 'utf8')
      .replace('/etc/letsencrypt/live/patrika.example/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/patrika.example/privkey.pem', key)
      .replace('/var/cache/nginx/patrika', join(dir, 'cache'));
    writeFileSync(join(dir, 'patrika.conf'), site);
    const main = join(dir, 'nginx.conf');
    writeFileSync(
      main,
      `pid ${join(dir, 'nginx.pid')};\nerror_log stderr;\nevents {}\nhttp {\n  include ${join(dir, 'patrika.conf')};\n}\n`,
    );
    const run = spawnSync(nginx as string, ['-t', '-q', '-p', dir, '-c', main, '-e', 'stderr'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
