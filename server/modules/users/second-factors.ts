/*
 * Authenticator codes (TOTP, RFC 6238) and recovery codes (issue 40 item 1,
 * docs/decisions/052b): setting up, turning on with a first code, turning off with a code, and
 * the second step of a sign-in. Codes come from otplib's TOTP (SHA-1, 6 digits, 30 s: what
 * every authenticator app reads from an otpauth:// address); the secret is sealed at rest
 * (server/lib/secret-box.ts). How many wrong codes may be tried is the routes' business
 * (second-factor-routes.ts), as with passwords.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import QRCode from 'qrcode';
import type { TotpSetup, TwoFactorStatus } from '../../../common/schemas/second-factors';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, forbidden, serviceUnavailable, unauthorized } from '../../lib/errors';
import type { SecondFactorDeps, UsersDeps } from './users-deps';
import {
  findTotp,
  hasTotp,
  recoveryCodesLeft,
  removeTotp,
  startTotp,
  useRecoveryCode,
  useStep,
} from './second-factor-repository';

/** How many recovery codes turning codes on makes (issue 40: ten, single use). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer of a right password waits for its code. */
export const SECOND_STEP_SECONDS = 5 * 60;

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });
/** One step either side: a phone's clock a little off still works (RFC 6238 §5.2). */
const TOLERANCE_SECONDS = 30;

/** A recovery code as shown: 10 characters of base32 in two groups, e.g. `k3vqa-7ptdm`. */
const newRecoveryCode = () => {
  const text = randomBytes(7).toString('hex').slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};
/** What is kept of a recovery code: the SHA-256 of its letters, without the dash or case. */
export const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(code.replace(/[^0-9a-z]/gi, '').toLowerCase())
    .digest('hex');

type Deps = Pick<UsersDeps, 'db' | 'clock'> & { secondFactors: SecondFactorDeps };

/** Setting authenticator codes up, on and off, and checking a code. */
export function secondFactors({ db, clock, secondFactors: sf }: Deps) {
  /** The time step of a right code for this sealed secret, or undefined. */
  const stepOf = async (sealed: string, code: string, after: number | null) => {
    const secret = sf.box?.open(sealed);
    if (!secret || !/^\d{6}$/.test(code)) return undefined;
    const result = await totp.verify(code, {
      secret,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid ? result.timeStep : undefined;
  };

  /** A right authenticator code (used once) or unused recovery code of the person. */
  const check = async (userId: string, answer: { code?: string; recoveryCode?: string }) => {
    const row = await findTotp(db, userId);
    if (!row?.enabledAt) return undefined;
    if (answer.recoveryCode !== undefined) {
      const used = await useRecoveryCode(
        db,
        userId,
        recoveryHash(answer.recoveryCode),
        clock.now(),
      );
      return used ? ('recovery' as const) : undefined;
    }
    const step = await stepOf(row.secret, (answer.code ?? '').trim(), row.lastStep);
    return step !== undefined && (await useStep(db, userId, step)) ? ('totp' as const) : undefined;
  };

  return {
    /** Whether the person has authenticator codes on. */
    totpOn: (userId: string) => hasTotp(db, userId),
    /** Whether codes can be turned on here (a key to seal secrets with). */
    secondFactorsAvailable: () => sf.box !== undefined,
    recoveryCodesLeftOf: (userId: string) => recoveryCodesLeft(db, userId),

    async twoFactorStatus(actor: Actor | null): Promise<TwoFactorStatus> {
      const a = requireRole(actor, 'reader');
      const row = await findTotp(db, a.id);
      const on = Boolean(row?.enabledAt);
      return {
        totp: on,
        recoveryCodesLeft: on ? await recoveryCodesLeft(db, a.id) : 0,
        available: sf.box !== undefined,
      };
    },

    /** A new secret waiting for its first code, with the address and QR code an app reads. */
    async startTotp(actor: Actor | null): Promise<TotpSetup> {
      const a = requireRole(actor, 'reader');
      if (!sf.box) throw serviceUnavailable('totp.unavailable');
      const secret = totp.generateSecret();
      if (!(await startTotp(db, a.id, sf.box.seal(secret)))) throw conflict('totp.already_on');
      const otpauthUrl = totp.toURI({ secret, issuer: await sf.issuer(), label: a.email });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    /** The first right code turns codes on; the ten recovery codes are answered once. */
    async confirmTotp(actor: Actor | null, code: string): Promise<{ recoveryCodes: string[] }> {
      const a = requireRole(actor, 'reader');
      const row = await findTotp(db, a.id);
      if (!row) throw conflict('totp.not_started');
      if (row.enabledAt) throw conflict('totp.already_on');
      const step = await stepOf(row.secret, code.trim(), row.lastStep);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const enable = { at: clock.now(), recoveryHashes: recoveryCodes.map(recoveryHash) };
      if (step === undefined || !(await useStep(db, a.id, step, enable)))
        throw forbidden('totp.wrong_code');
      return { recoveryCodes };
    },

    /** Turns codes off, given a right code (or a recovery code): the secret is forgotten. */
    async stopTotp(actor: Actor | null, answer: { code?: string; recoveryCode?: string }) {
      const a = requireRole(actor, 'reader');
      if (!(await hasTotp(db, a.id))) throw conflict('totp.not_on');
      if (!(await check(a.id, answer))) throw forbidden('totp.wrong_code');
      await removeTotp(db, a.id);
    },

    /** The method of a right second step for this person, or undefined. */
    checkSecondStep: check,

    ...stepTokens(sf.stepKey, clock),
  };
}

/**
 * The second step's token: `{user id}.{token version}.{expiry, seconds}.{nonce}.{HMAC-SHA256,
 * hex}`; a password change (the version moves on) or its time ends it, and so does the sign-in
 * it completes (the route keeps its MAC as used: issue 66 item 7). The nonce makes two tokens
 * asked for in the same second two tokens, so spending one leaves the other.
 */
function stepTokens(key: Uint8Array, clock: Deps['clock']) {
  return {
    /** The token a right password answers with when a code must follow. */
    stepToken(userId: string, tokenVersion: number): string {
      const exp = Math.floor(clock.now().getTime() / 1000) + SECOND_STEP_SECONDS;
      const body = `${userId}.${tokenVersion}.${exp}.${randomBytes(8).toString('hex')}`;
      return `${body}.${stepMac(key, body)}`;
    },

    /** Whose sign-in a step token continues (and the token version it saw), or a 401. */
    readStepToken(token: string): { userId: string; tokenVersion: number } {
      const match = /^([0-9a-f-]{36})\.(\d{1,9})\.(\d{1,12})\.([0-9a-f]{16})\.([0-9a-f]{64})$/.exec(
        token,
      );
      const body = match ? `${match[1]}.${match[2]}.${match[3]}.${match[4]}` : '';
      const mac = Buffer.from(match?.[5] ?? '', 'hex');
      const expected = Buffer.from(stepMac(key, body), 'hex');
      const now = clock.now().getTime() / 1000;
      if (!match || mac.length !== expected.length || !timingSafeEqual(mac, expected))
        throw unauthorized('auth.second_step_expired');
      if (Number(match[3]) < now) throw unauthorized('auth.second_step_expired');
      return { userId: match[1] as string, tokenVersion: Number(match[2]) };
    },
  };
}

/** The step token's MAC names its purpose, so it can never pass for another token. */
const stepMac = (key: Uint8Array, body: string) =>
  createHmac('sha256', key).update(`patrika-second-step:${body}`).digest('hex');
