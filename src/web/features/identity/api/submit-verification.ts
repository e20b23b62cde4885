/**
 * POST /api-v1/documents-verification/ (multipart, 201). Afterwards the status screen and the
 * drawer's badge (from /info) show Under Review.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  verificationSubmitted,
  type VerificationFields,
  type VerificationImageField,
} from '../../../../shared/api/identity';
import { MSG } from '../../../../shared/messages';
import { api, errorMessage, isApiError } from '../../../lib/api';
import { userInfoQuery } from '../../account';
import { verificationStatusQuery } from './verification-status';

interface VerificationSubmission extends VerificationFields {
  images: Record<VerificationImageField, File>;
}

function submitVerification({ full_name, user_id, images }: VerificationSubmission) {
  const form = new FormData();
  form.set('full_name', full_name);
  form.set('user_id', user_id);
  form.set('id_card_front', images.id_card_front);
  form.set('id_card_back', images.id_card_back);
  form.set('selfie', images.selfie);
  return api.upload('/api-v1/documents-verification/', form, { schema: verificationSubmitted });
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationStatusQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: userInfoQuery().queryKey }),
      ]),
  });
}

/**
 * docs/product.md section 8 for this form: the server's error, else its own fallback; a dropped connection
 * has a message of its own; anything else (a broken answer, a bug) the generic one.
 */
export function submissionErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MSG.somethingWentWrong;
  const message = errorMessage(error, MSG.verificationSubmitFailed);
  return message === MSG.networkError ? MSG.verificationNetworkError : message;
}
