/** GET and PUT /api-v3/admin/settings/: the USDO price and the deposit addresses. A save is audited. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSettings, settingsSaved, type SettingsUpdateBody } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const settingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api.get('/api-v3/admin/settings/', { schema: adminSettings, signal }),
  });
export const useSettings = () => useQuery(settingsQuery());

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdateBody) => api.put('/api-v3/admin/settings/', body, { schema: settingsSaved }),
    onSuccess: async (saved) => {
      client.setQueryData(adminKeys.settings, saved.settings);
      await client.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}
