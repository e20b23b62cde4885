/** The spread convert quotes keep, in basis points (docs/decisions/0053-convert.md). */
import { useState } from 'react';
import { ADMIN_MSG, type AdminSettings } from '../../../../shared/api/admin';
import { CONVERT_MSG, MAX_CONVERT_SPREAD_BPS, convertSpreadInput } from '../../../../shared/api/convert';
import { dec } from '../../../../shared/money';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useStaffI18n } from '../use-staff-i18n';
import { useSaveSettings } from '../api/settings';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

export function ConvertSpreadForm({ current }: { current: AdminSettings['convert_spread'] }) {
  const [bps, setBps] = useState(String(current.bps));
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();
  const { t, message, number, dateTime } = useStaffI18n();

  const submit = () => {
    setOutcome(null);
    const parsed = convertSpreadInput.safeParse(/^\d+$/.test(bps.trim()) ? Number(bps.trim()) : NaN);
    if (!parsed.success) return setError(message(CONVERT_MSG.spreadRange(MAX_CONVERT_SPREAD_BPS)));
    setError(null);
    save.mutate(
      { convert_spread_bps: parsed.data },
      {
        onSuccess: (saved) => {
          setBps(String(saved.settings.convert_spread.bps));
          setOutcome({ tone: 'success', text: t('convert.staff.saved', { bps: saved.settings.convert_spread.bps }) });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('convert.staff.title')}
      description={
        current.updated_at
          ? t('admin.settings.lastChanged', { time: dateTime(current.updated_at) })
          : t('convert.staff.notChanged')
      }
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('convert.staff.save')}
    >
      <TextField
        label={t('convert.staff.label')}
        inputMode="numeric"
        autoComplete="off"
        value={bps}
        onChange={(event) => setBps(event.target.value)}
        hint={t('convert.staff.hint', {
          percent: number(dec(current.bps).div(100).toFixed()),
          max: MAX_CONVERT_SPREAD_BPS,
        })}
        error={error}
      />
    </SettingsCard>
  );
}
