/** The public account calls of SPEC.md section 7 "Auth": no bearer token, answers checked by schema. */
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, ResetPasswordBody, SignupBody } from '../../../shared/api/auth';
import { api } from '../../lib/api';
import { authSchemas, commonSchemas } from './schemas';

const PUBLIC = { auth: false } as const;
const loginResponse = async () => (await authSchemas()).loginResponse;
const messageBody = async () => (await commonSchemas()).messageBody;

export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginBody) => api.post('/api-v1/login/', body, { ...PUBLIC, schema: loginResponse }),
  });

export const useSendSignupCode = () =>
  useMutation({
    mutationFn: (email: string) => api.post('/api-v1/signup-email-otp/', { email }, { ...PUBLIC, schema: messageBody }),
  });

export const useSignup = () =>
  useMutation({
    mutationFn: (body: SignupBody) => api.post('/api-v1/signup/', body, { ...PUBLIC, schema: messageBody }),
  });

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (email: string) => api.post('/api-v1/forgot-password/', { email }, { ...PUBLIC, schema: messageBody }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      api.post('/api-v1/reset-password/', body, { ...PUBLIC, schema: messageBody }),
  });
