/** The spread convert quotes keep, in basis points (docs/decisions/0053-convert.md). */
import type { AdminSettings } from '../../../../shared/api/admin';
import { CONVERT_MSG, MAX_CONVERT_SPREAD_BPS, convertSpreadInput } from '../../../../shared/api/convert';
import { msg } from '../../../../shared/message';
import { dec } from '../../../../shared/money';
import { useStaffI18n } from '../use-staff-i18n';
import { OneValueSettingForm } from './OneValueSettingForm';

export function ConvertSpreadForm({ current }: { current: AdminSettings['convert_spread'] }) {
  const { t, message, number } = useStaffI18n();
  return (
    <OneValueSettingForm
      title={t('convert.staff.title')}
      updatedAt={current.updated_at}
      notChanged={t('convert.staff.notChanged')}
      saveLabel={t('convert.staff.save')}
      initial={String(current.bps)}
      label={t('convert.staff.label')}
      inputMode="numeric"
      hint={t('convert.staff.hint', {
        percent: number(dec(current.bps).div(100).toFixed()),
        max: MAX_CONVERT_SPREAD_BPS,
      })}
      toBody={(text) => {
        const parsed = convertSpreadInput.safeParse(/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
        return parsed.success
          ? { convert_spread_bps: parsed.data }
          : message(msg(CONVERT_MSG, 'spreadRange', MAX_CONVERT_SPREAD_BPS));
      }}
      afterSave={({ settings }) => ({
        value: String(settings.convert_spread.bps),
        text: t('convert.staff.saved', { bps: settings.convert_spread.bps }),
      })}
    />
  );
}
