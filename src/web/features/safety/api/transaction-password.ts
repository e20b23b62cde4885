/** POST /api-v1/set-transcation-password/: the password withdrawals ask for, behind a bearer token. */
import type { SetTransactionPasswordBody } from '../../../../shared/api/auth';
import { messageBody } from '../../../../shared/api/common';
import { api } from '../../../lib/api';

export const setTransactionPassword = (body: SetTransactionPasswordBody) =>
  api.post('/api-v1/set-transcation-password/', body, { schema: messageBody });
