/** POST /api-v1/login/: email and password for a token. */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { loginResponse, PUBLIC } from './public';

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => api.post('/api-v1/login/', body, { ...PUBLIC, schema: loginResponse }),
  });
