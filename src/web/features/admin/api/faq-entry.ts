/** PUT /api-v3/admin/settings/faq/{id}/: one FAQ answer. The settings hold the FAQ; a save is audited. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { faqEntrySaved, type FaqEntryBody } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export function useSaveFaqEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FaqEntryBody }) =>
      api.put(`/api-v3/admin/settings/faq/${id}/`, body, { schema: faqEntrySaved }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.settings }),
        client.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]);
    },
  });
}
