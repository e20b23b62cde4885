/** POST /api-v1/signup-email-otp/: mails the code sign-up asks for. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messageBody, PUBLIC } from './public';

export const useSendSignupCode = () =>
  useMutation({
    mutationFn: (email: string) => api.post('/api-v1/signup-email-otp/', { email }, { ...PUBLIC, schema: messageBody }),
  });
