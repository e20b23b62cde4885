/** POST /api-v1/signup/: opens the account (step 2 of /signup). */
import { useMutation } from '@tanstack/react-query';
import type { SignupBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { messageBody, PUBLIC } from './public';

export const useSignup = () =>
  useMutation({
    mutationFn: (body: SignupBody) => api.post('/api-v1/signup/', body, { ...PUBLIC, schema: messageBody }),
  });
