/*
 * Staff second factors on the wire (issue 40 item 1, docs/decisions/052b): setting up
 * authenticator codes, and a sign-in's second step.
 */
import { z } from 'zod';
import { says } from '../refusals/schema-refusals';
import { UserInfoSchema } from './users';
import { PasskeyAnswerSchema } from './passkeys';

/** A code as an authenticator app shows it: six digits (spaces a person types are dropped). */
export const TotpCodeSchema = z
  .string(says('validation.not_text', { field: 'code' }))
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (`k3vqa-7ptdm`); case and dashes do not matter. */
export const RecoveryCodeSchema = z
  .string(says('validation.not_text', { field: 'recoveryCode' }))
  .trim()
  .min(1, says('validation.required', { field: 'recoveryCode' }))
  .max(40);

export const TotpSetupSchema = z.object({
  /** The base32 secret, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// address (Google's Key Uri Format) the QR code carries. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/**
 * The proof a person gives when adding a second factor (issue 66 item 4): their current
 * password, or a code their authenticator app shows now. Both may be left out only by an
 * account with neither, which proves itself by a sign-in of the last few minutes.
 */
export const ReauthSchema = z.object({
  password: z
    .string(says('validation.not_text', { field: 'password' }))
    .max(200)
    .optional(),
  code: TotpCodeSchema.optional(),
});
export type ReauthInput = z.infer<typeof ReauthSchema>;
/** The one field of the profile's forms for it: a password, or six digits of a code. */
export const reauthBody = (typed: string): ReauthInput => {
  const digits = typed.replace(/\s/g, '');
  if (typed.trim() === '') return {};
  return /^\d{6}$/.test(digits) ? { code: digits } : { password: typed };
};

/** The profile's form that starts setting codes up: the current password (may be empty). */
export const TotpStartFormSchema = z.object({
  password: z.string(says('validation.not_text', { field: 'password' })).max(200),
});

/** Password changes and sign-out-everywhere may also remove the factors of the last day. */
export const RemoveRecentFactorsSchema = z.object({
  removeRecentFactors: z
    .boolean(says('validation.not_boolean', { field: 'removeRecentFactors' }))
    .optional(),
});

export const TotpConfirmSchema = z.object({ code: TotpCodeSchema });
export type TotpConfirmInput = z.infer<typeof TotpConfirmSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Turning codes off asks for a code now shown, or a recovery code. */
export const TotpStopSchema = z.union([
  z.object({ code: TotpCodeSchema }),
  z.object({ recoveryCode: RecoveryCodeSchema }),
]);

export const TwoFactorStatusSchema = z.object({
  /** Authenticator codes are on. */
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Whether codes can be turned on here (the server has a key to seal secrets with). */
  available: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const SECOND_STEP_METHOD_NAMES = ['totp', 'passkey', 'recovery'] as const;

/** What a right password answers when a second factor must follow (no session yet). */
export const TwoFactorChallengeSchema = z.object({
  twoFactor: z.object({
    token: z.string(),
    methods: z.array(z.enum(SECOND_STEP_METHOD_NAMES)),
  }),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

/** A sign-in's answer: the session (SPEC.md's user info), or the second step's challenge. */
export const SignInAnswerSchema = z.union([UserInfoSchema, TwoFactorChallengeSchema]);

export const SecondStepSchema = z.union([
  z.object({ token: z.string().max(300), code: TotpCodeSchema }),
  z.object({ token: z.string().max(300), recoveryCode: RecoveryCodeSchema }),
  /** A passkey's answer to the options `POST /api/users/signin/passkey/options { token }` gave. */
  z.object({ token: z.string().max(300), response: PasskeyAnswerSchema }),
]);
export type SecondStepInput = z.infer<typeof SecondStepSchema>;

/** The form that turns codes off: one field, a code from the app or a recovery code. */
export const TotpStopFormSchema = z.object({
  code: z
    .string(says('validation.not_text', { field: 'code' }))
    .trim()
    .min(1, says('validation.required', { field: 'code' }))
    .max(40),
});
/** The body of DELETE /api/me/2fa/totp for what that field holds. */
export const totpStopBody = (typed: string) => {
  const digits = typed.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? { code: digits } : { recoveryCode: typed.trim() };
};

/** The second step's forms: a code from the app, or a recovery code. */
export const SecondStepCodeSchema = z.object({ code: TotpCodeSchema });
export const SecondStepRecoverySchema = z.object({ recoveryCode: RecoveryCodeSchema });
