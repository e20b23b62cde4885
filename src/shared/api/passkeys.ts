/**
 * Passkeys (WebAuthn, docs/decisions/0022-passkeys.md): register, list, rename and remove them in the Safety Center, sign in
 * with one instead of a password, and prove the second factor with one. Schemas shared by the server
 * and the screens; the WebAuthn JSON itself is checked by @simplewebauthn/server.
 */
import { z } from 'zod';
import { PASSKEY_MSG } from '../passkey-texts.js';
import { emailInput, otpInput } from './common.js';
import { factorChangeFields } from './security.js';

export { PASSKEY_MSG };

export const PASSKEY_NAME_MAX = 64;

export const passkeyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(PASSKEY_NAME_MAX, { error: `Name must be at most ${PASSKEY_NAME_MAX} characters` });

/**
 * What @simplewebauthn/browser's startRegistration / startAuthentication return: an object whose
 * parts the server library decodes and checks (docs/decisions/0022). Bounded here so a hostile body
 * is refused before any decoding.
 */
const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: PASSKEY_MSG.invalidResponse });
const credentialBase = {
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key', { error: PASSKEY_MSG.invalidResponse }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
export const registrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    authenticatorData: b64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
});
export type RegistrationResponse = z.infer<typeof registrationResponse>;

export const authenticationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

/** Options for navigator.credentials.create/get, as @simplewebauthn/server builds them. */
export const webauthnOptions = z.record(z.string(), z.unknown());
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

/**
 * POST /api-v1/passkeys/registration-options/ and DELETE /api-v1/passkeys/{id}/: the current second
 * factor when 2FA is on, else the login password and an emailed code (docs/decisions/0045).
 */
export const registrationOptionsBody = z.object(factorChangeFields).nullish();
export const removePasskeyBody = z.object(factorChangeFields).nullish();

/** POST /api-v1/passkeys/ */
export const addPasskeyBody = z.object({ name: passkeyName, response: registrationResponse });

/** PATCH /api-v1/passkeys/{id}/ */
export const renamePasskeyBody = z.object({ name: passkeyName });

export const passkeyView = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;
export const passkeyList = z.array(passkeyView);

/** POST /api-v1/passkeys/login-options/ */
export const loginOptionsResponse = z.object({ challenge_id: z.string(), options: webauthnOptions });

/** POST /api-v1/passkeys/login/ */
export const passkeyLoginBody = z.object({
  challenge_id: z.uuid({ error: PASSKEY_MSG.challengeExpired }),
  response: authenticationResponse,
});

/** POST /api-v1/reset-password/passkey-options/: the reset code proves the mailbox, then a passkey the rest. */
export const resetPasskeyOptionsBody = z.object({ email: emailInput, otp: otpInput });

/** POST /api-v1/login/2fa/passkey-options/ */
export const ticketPasskeyOptionsBody = z.object({
  ticket: z.string({ error: 'Ticket is required' }).min(1).max(512),
});
