/** Account security (issue 16): schemas shared by the server and the Safety Center screens. */
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
