/** POST /api-v1/forgot-password/: mails the code a password reset needs. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageBody, PUBLIC } from './public';

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) => api.post('/api-v1/forgot-password/', { email }, { ...PUBLIC, schema: messageBody }),
  });
