import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretsKey, SECRETS_KEY_FILE } from '../../server/lib/secret-box';

const dir = mkdtempSync(join(tmpdir(), 'patrika-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets at rest', () => {
  const key = loadSecretsKey({ secretsKey: 'x'.repeat(40), databaseUrl: undefined, dataDir: dir });

  it('opens what it sealed, and nothing changed or sealed with another key', () => {
    const box = createSecretBox(key!);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const [v, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join('.'))).toBeUndefined();
    const other = loadSecretsKey({
      secretsKey: 'y'.repeat(40),
      databaseUrl: undefined,
      dataDir: dir,
    });
    expect(createSecretBox(other!).open(sealed)).toBeUndefined();
    expect(box.open('junk')).toBeUndefined();
  });

  it('makes a key file with mode 0600 on the embedded engine, and keeps it', () => {
    const first = loadSecretsKey({ secretsKey: undefined, databaseUrl: undefined, dataDir: dir });
    const file = join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretsKey({ secretsKey: undefined, databaseUrl: undefined, dataDir: dir });
    expect(again!.equals(first!)).toBe(true);
  });

  it('has no key on PostgreSQL without SECRETS_KEY', () => {
    expect(
      loadSecretsKey({ secretsKey: undefined, databaseUrl: 'postgres://x', dataDir: dir }),
    ).toBeUndefined();
  });
});
