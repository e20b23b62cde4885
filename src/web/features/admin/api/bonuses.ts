/** GET and PUT /api-v3/admin/settings/bonuses/ (docs/decisions/0030): the bonus switch and tiers. A save is audited. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bonusSettings, bonusSettingsSaved, type BonusSettingsBody } from '../../../../shared/api/bonuses';
import { api } from '../../../lib/api';
import { BONUS_TIERS_KEY } from '../../market';
import { adminKeys } from './keys';

const BONUS_SETTINGS_KEY = [...adminKeys.settings, 'bonuses'] as const;

export const useBonusSettings = () =>
  useQuery(
    queryOptions({
      queryKey: BONUS_SETTINGS_KEY,
      queryFn: ({ signal }) => api.get('/api-v3/admin/settings/bonuses/', { schema: bonusSettings, signal }),
    }),
  );

export function useSaveBonusSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BonusSettingsBody) =>
      api.put('/api-v3/admin/settings/bonuses/', body, { schema: bonusSettingsSaved }),
    onSuccess: async (saved) => {
      client.setQueryData(BONUS_SETTINGS_KEY, saved.bonuses);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.auditLog }),
        client.invalidateQueries({ queryKey: BONUS_TIERS_KEY }),
      ]);
    },
  });
}
