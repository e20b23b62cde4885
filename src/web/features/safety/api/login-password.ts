/** POST /api-v1/update-password/: a new login password, behind a bearer token. */
import { passwordChangedResponse, type UpdatePasswordBody } from '../../../../shared/api/auth';
import { api } from '../../../lib/api';
import { replaceToken } from '../../../lib/session';

export async function updateLoginPassword(body: UpdatePasswordBody) {
  const answer = await api.post('/api-v1/update-password/', body, { schema: passwordChangedResponse });
  // The change ended every older session, this one included: go on with the fresh token.
  replaceToken(answer.access);
  return answer;
}
