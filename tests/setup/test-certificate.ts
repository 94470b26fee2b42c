import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A self-signed certificate for a local HTTPS server in a test, made with node:crypto alone:
 * a P-256 key, and the X.509 v3 certificate (RFC 5280) written out in DER by hand, naming
 * `localhost` and 127.0.0.1, signed with ECDSA-SHA256. Nothing outside Node is needed.
 */

/** One DER element: tag, length, contents. */
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length =
    n < 0x80
      ? Buffer.from([n])
      : n < 0x100
        ? Buffer.from([0x81, n])
        : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (...parts: Buffer[]) => der(0x30, ...parts);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** A positive INTEGER from random bytes, minimally encoded (the serial number). */
function serial(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return der(0x02, bytes);
}

const utcTime = (at: Date) =>
  der(0x17, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

const commonName = (name: string) =>
  sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(name)))));

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** The subjectAltName extension: DNS `localhost` and IP 127.0.0.1. */
const subjectAltName = () =>
  sequence(
    oid('2.5.29.17'),
    der(
      0x04,
      sequence(der(0x82, Buffer.from('localhost')), der(0x87, Buffer.from([127, 0, 0, 1]))),
    ),
  );

/** A key and a self-signed certificate for localhost and 127.0.0.1, valid for a day, in PEM. */
export function selfSignedCertificate(name = 'Patrika test push service') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    serial(),
    ECDSA_WITH_SHA256,
    commonName(name),
    sequence(utcTime(new Date(now - 3600_000)), utcTime(new Date(now + 24 * 3600_000))),
    commonName(name),
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, sequence(subjectAltName())),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(
    tbs,
    ECDSA_WITH_SHA256,
    der(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
