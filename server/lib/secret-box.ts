/*
 * Secrets kept encrypted at rest (issue 40 item 1, docs/decisions/052): authenticator secrets
 * must be readable by the server (to check a code) but useless in a leaked table or backup.
 * AES-256-GCM with a random 96-bit IV per value; the key comes from SECRETS_KEY, or on the
 * embedded engine from a file in DATA_DIR made on first use with mode 0600. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key or cipher can be told apart.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';

/**
 * The 32-byte key: SECRETS_KEY's SHA-256 when set (any text of 32+ characters), else on the
 * embedded engine the key file in DATA_DIR (made with mode 0600 if missing; a second process
 * starting at once reads the first one's). On PostgreSQL without SECRETS_KEY: none (processes on
 * several machines would each make their own), and second factors cannot be turned on.
 */
export function loadSecretsKey(config: {
  secretsKey: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}): Buffer | undefined {
  if (config.secretsKey) return createHash('sha256').update(config.secretsKey).digest();
  if (config.databaseUrl) return undefined;
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, SECRETS_KEY_FILE);
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(file, 'utf8').trim();
  if (text.length < 32) throw new Error(`${file} holds no key: remove it, or set SECRETS_KEY`);
  return createHash('sha256').update(text).digest();
}

export function createSecretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    /** The plain text, or undefined for a value this key did not seal (or one changed since). */
    open(sealed: string): string | undefined {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
