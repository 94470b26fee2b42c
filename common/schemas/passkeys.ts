/*
 * Passkeys on the wire (issue 40 item 2, docs/decisions/052c). The options and the browser's
 * answers are WebAuthn's own JSON (@simplewebauthn/browser makes and reads them): only their
 * outline is checked here, @simplewebauthn/server checks the rest.
 */
import { z } from 'zod';
import { says } from '../refusals/schema-refusals';

export const PasskeyNameSchema = z
  .string(says('validation.not_text', { field: 'name' }))
  .trim()
  .min(1, says('validation.required', { field: 'name' }))
  .max(60, says('validation.too_long', { field: 'name', maximum: 60 }));

/** A browser's answer to a challenge (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const PasskeyAnswerSchema = z.looseObject({
  id: z.string().min(1).max(1500),
  rawId: z.string().min(1).max(1500),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
});

/** The options a browser passes to `navigator.credentials` (through @simplewebauthn/browser). */
export const PasskeyOptionsSchema = z.looseObject({ challenge: z.string() });

export const AddPasskeySchema = z.object({
  name: PasskeyNameSchema,
  response: PasskeyAnswerSchema,
});
export type AddPasskeyInput = z.infer<typeof AddPasskeySchema>;

export const PasskeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When it last signed in; null: never yet. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/** A sign-in's options: none for a passkey alone; the second step's token for a second factor. */
export const PasskeySignInOptionsSchema = z.object({ token: z.string().max(300).optional() });

export const PasskeySignInSchema = z.object({ response: PasskeyAnswerSchema });

/**
 * The profile's form that names a new passkey, with the proof adding one asks for (issue 66
 * item 4): the current password or a code, in one field (`reauthBody` tells them apart).
 */
export const PasskeyNameFormSchema = z.object({
  name: PasskeyNameSchema,
  proof: z.string(says('validation.not_text', { field: 'proof' })).max(200),
});
