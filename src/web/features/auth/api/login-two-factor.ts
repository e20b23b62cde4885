/** POST /api-v1/login/2fa/: the second step of a sign-in with 2FA on (docs/decisions/0021-two-factor.md): the ticket and a code. */
import { useMutation } from '@tanstack/react-query';
import type { LoginTwoFactorBody } from '../../../../shared/api/two-factor';
import { api } from '../../../lib/api';
import { twoFactorSchemas } from '../schemas';
import { PUBLIC } from './public';

const loginSession = async () => (await twoFactorSchemas()).twoFactorLoginResponse;

export const useLoginTwoFactor = () =>
  useMutation({
    mutationFn: (body: LoginTwoFactorBody) => api.post('/api-v1/login/2fa/', body, { ...PUBLIC, schema: loginSession }),
  });
