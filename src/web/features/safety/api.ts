/** Password changes behind a bearer token (SPEC.md section 7): the emailed code, then the change. */
import { useMutation } from '@tanstack/react-query';
import {
  passwordChangedResponse,
  type SetTransactionPasswordBody,
  type UpdatePasswordBody,
} from '../../../shared/api/auth';
import { messageBody } from '../../../shared/api/common';
import { api } from '../../lib/api';
import { replaceToken } from '../../lib/session';

/** One code serves both screens; the server mails it to the account's address. */
export const useSendSecurityCode = () =>
  useMutation({ mutationFn: () => api.post('/api-v1/transcation-password-otp/', {}, { schema: messageBody }) });

export async function updateLoginPassword(body: UpdatePasswordBody) {
  const answer = await api.post('/api-v1/update-password/', body, { schema: passwordChangedResponse });
  // The change ended every older session, this one included: go on with the fresh token.
  replaceToken(answer.access);
  return answer;
}

export const setTransactionPassword = (body: SetTransactionPasswordBody) =>
  api.post('/api-v1/set-transcation-password/', body, { schema: messageBody });
