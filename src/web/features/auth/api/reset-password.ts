/** POST /api-v1/reset-password/: the emailed code and the new password. */
import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { messageBody, PUBLIC } from './public';

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      api.post('/api-v1/reset-password/', body, { ...PUBLIC, schema: messageBody }),
  });
