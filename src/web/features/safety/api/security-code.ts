/** POST /api-v1/transcation-password-otp/: the emailed code both password changes need (docs/product.md section 7). */
import { useMutation } from '@tanstack/react-query';
import { messageBody } from '../../../../shared/api/common';
import { api } from '../../../lib/api';

/** One code serves both screens; the server mails it to the account's address. */
export const useSendSecurityCode = () =>
  useMutation({ mutationFn: () => api.post('/api-v1/transcation-password-otp/', {}, { schema: messageBody }) });
