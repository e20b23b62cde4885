/**
 * Signing in with a passkey (docs/decisions/0022-passkeys.md): without a password (POST /api-v1/passkeys/login-options/,
 * then /api-v1/passkeys/login/), or as the second step of a login with 2FA on
 * (POST /api-v1/login/2fa/passkey-options/ with the ticket, then /api-v1/login/2fa/ with the assertion).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { signWithPasskey } from '../../../lib/passkeys';
import { loginSession, PUBLIC } from './public';

const schemas = () => import('../../../../shared/api/passkeys');
const loginOptionsResponse = async () => (await schemas()).loginOptionsResponse;
const webauthnOptions = async () => (await schemas()).webauthnOptions;

export const usePasskeySignIn = () =>
  useMutation({
    mutationFn: async () => {
      const { challenge_id, options } = await api.post(
        '/api-v1/passkeys/login-options/',
        {},
        { ...PUBLIC, schema: loginOptionsResponse },
      );
      const response = await signWithPasskey(options);
      return api.post('/api-v1/passkeys/login/', { challenge_id, response }, { ...PUBLIC, schema: loginSession });
    },
  });

export const usePasskeySecondStep = () =>
  useMutation({
    mutationFn: async (ticket: string) => {
      const options = await api.post(
        '/api-v1/login/2fa/passkey-options/',
        { ticket },
        { ...PUBLIC, schema: webauthnOptions },
      );
      const passkey = await signWithPasskey(options);
      return api.post('/api-v1/login/2fa/', { ticket, passkey }, { ...PUBLIC, schema: loginSession });
    },
  });
