/** Account security (docs/security.md): schemas shared by the server and the Safety Center screens. */
import { z } from 'zod';

/**
 * What a sensitive request carries when the user has 2FA on: a TOTP or recovery code, or a passkey
 * assertion (the JSON @simplewebauthn/browser's startAuthentication returns).
 */
export const secondFactorFields = {
  two_factor_code: z.string().trim().max(32, { error: 'Two-factor code is too long' }).optional(),
  passkey: z.record(z.string(), z.unknown()).optional(),
};
export const secondFactorProof = z.object(secondFactorFields);
export type SecondFactorProof = z.infer<typeof secondFactorProof>;

/**
 * What a change of the second factors themselves carries (docs/decisions/0045-second-factor-guards-itself.md):
 * the current second factor when one is on (`secondFactorFields`), else the login password and a
 * code emailed by POST /api-v1/transcation-password-otp/.
 */
export const factorChangeFields = {
  ...secondFactorFields,
  password: z.string().max(128, { error: 'Password is too long' }).optional(),
  email_code: z.string().trim().max(32, { error: 'Code is too long' }).optional(),
};
export type FactorChangeProof = z.infer<z.ZodObject<typeof factorChangeFields>>;
