import { existsSync, readFileSync } from 'node:fs';
import tls from 'node:tls';

/*
 * The certificate authorities an outgoing HTTPS connection of ours trusts when it names them
 * itself (the push sender's agent, server/modules/push): Node's bundled ones, the system's, and
 * NODE_EXTRA_CA_CERTS. A `ca` given to an agent replaces Node's defaults whole (extra ones
 * included), so each is listed here. Node 22.15+ and 23.8+ tell us the system's store; before
 * that it is read from where the distributions keep it (SSL_CERT_FILE first, as OpenSSL does).
 */

/** Where Linux distributions and the BSDs keep the system's bundle of authorities. */
const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates in a PEM file, or none (with `warn` told why) when it cannot be read. */
function certificatesIn(file: string, warn: (message: string) => void): string[] {
  try {
    return readFileSync(file, 'utf8').match(PEM_CERTIFICATE) ?? [];
  } catch (error) {
    warn(`could not read certificate authorities from ${file}: ${(error as Error).message}`);
    return [];
  }
}

type WithStores = typeof tls & { getCACertificates?: (store: string) => string[] };

function systemCertificates(warn: (message: string) => void): string[] {
  const stores = (tls as WithStores).getCACertificates;
  if (stores) return stores('system');
  const bundle = [process.env.SSL_CERT_FILE, ...SYSTEM_BUNDLES].find((f) => f && existsSync(f));
  return bundle ? certificatesIn(bundle, warn) : [];
}

/** Every authority to trust, once each: Node's bundled, the system's, and `extraFile`'s. */
export function trustedAuthorities(
  extraFile: string | undefined,
  warn: (message: string) => void,
): string[] {
  const all = [
    ...tls.rootCertificates,
    ...systemCertificates(warn),
    ...(extraFile ? certificatesIn(extraFile, warn) : []),
  ];
  return [...new Set(all.map((pem) => pem.trim()))];
}
