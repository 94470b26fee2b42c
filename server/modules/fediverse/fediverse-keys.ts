import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { insertKey, keysOf } from './fediverse-repository';

/**
 * The key pairs an actor signs with: RSA (HTTP Signatures, what Mastodon checks) and Ed25519
 * (Object Integrity Proofs, FEP-8b32), in that order.
 */
const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/**
 * Actors' key pairs, kept in `fediverse_keys` and made the first time an actor is asked for
 * (by whichever process; the unique (actor, algorithm) keeps one). A private key is sealed with
 * the secrets box when the operator gave a key (SECRETS_KEY, or the embedded engine's key file),
 * and in any case never leaves the server: only public keys are in an actor's document.
 * Imported keys are kept in memory: a key pair, once written, never changes.
 */
export function createActorKeys(deps: { db: Db; box: SecretBox | undefined }) {
  const { db, box } = deps;
  const seal = (jwk: JsonWebKey) => {
    const text = JSON.stringify(jwk);
    return box ? box.seal(text) : text;
  };
  const open = (stored: string): JsonWebKey => {
    const text = stored.startsWith('{') ? stored : box?.open(stored);
    if (!text) throw new Error('a fediverse private key cannot be opened with this SECRETS_KEY');
    return JSON.parse(text) as JsonWebKey;
  };
  const imported = new Map<string, Promise<CryptoKeyPair[]>>();

  const load = async (actor: string): Promise<CryptoKeyPair[]> => {
    let rows = await keysOf(db, actor);
    const missing = ALGORITHMS.filter((a) => !rows.some((r) => r.algorithm === a));
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      await insertKey(db, {
        actor,
        algorithm,
        publicKey: await exportJwk(pair.publicKey),
        privateKey: seal(await exportJwk(pair.privateKey)),
      });
    }
    if (missing.length > 0) rows = await keysOf(db, actor);
    const ordered = ALGORITHMS.map((a) => rows.find((r) => r.algorithm === a)!);
    return Promise.all(
      ordered.map(async (row) => ({
        publicKey: await importJwk(row.publicKey as JsonWebKey, 'public'),
        privateKey: await importJwk(open(row.privateKey), 'private'),
      })),
    );
  };

  return {
    /** The actor's key pairs, RSA first. */
    pairsOf(actor: string): Promise<CryptoKeyPair[]> {
      let pairs = imported.get(actor);
      if (!pairs) {
        pairs = load(actor);
        imported.set(actor, pairs);
        pairs.catch(() => imported.delete(actor));
      }
      return pairs;
    },
  };
}
export type ActorKeys = ReturnType<typeof createActorKeys>;
