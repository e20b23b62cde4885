/**
 * POST /api-v1/reset-password/: the emailed code and the new password, and with 2FA on the second
 * factor (docs/decisions/0045): a code, or a passkey for POST /api-v1/reset-password/passkey-options/.
 */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { signWithPasskey } from '../../../lib/passkeys';
import { messageBody, PUBLIC } from './public';

/** A passkey assertion for the reset: the reset code gets the options, the device signs them. */
export async function resetPasskeyProof(email: string, otp: string): Promise<Record<string, unknown>> {
  const options = await api.post('/api-v1/reset-password/passkey-options/', { email, otp }, { ...PUBLIC });
  return signWithPasskey(options as Record<string, unknown>);
}

/** The body is built on submit: a passkey is asked of the device only then. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: async (body: () => Promise<ResetPasswordBody>) =>
      api.post('/api-v1/reset-password/', await body(), { ...PUBLIC, schema: messageBody }),
  });
