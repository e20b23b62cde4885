/**
 * The in-house coin's price in USDT: what users see at /api-v1/default-currency/ and trade USDO at,
 * with the range a change may take now (docs/decisions/0049-usdo-price-window.md).
 */
import { ADMIN_MSG, usdoPriceInput, type AdminSettings } from '../../../../shared/api/admin';
import { IN_HOUSE_COIN } from '../../../../shared/constants';
import { useStaffI18n } from '../use-staff-i18n';
import { OneValueSettingForm } from './OneValueSettingForm';

export function UsdoPriceForm({ current }: { current: AdminSettings['usdo_price'] }) {
  const { t, message, number } = useStaffI18n();
  return (
    <OneValueSettingForm
      title={t('admin.settings.usdo.title', { coin: IN_HOUSE_COIN })}
      updatedAt={current.updated_at}
      notChanged={t('admin.settings.usdo.notChanged')}
      saveLabel={t('admin.settings.usdo.save')}
      initial={current.price}
      label={t('admin.settings.usdo.label', { coin: IN_HOUSE_COIN })}
      inputMode="decimal"
      hint={t('admin.settings.usdo.allowed', {
        coin: IN_HOUSE_COIN,
        lowest: number(current.allowed.lowest),
        highest: number(current.allowed.highest),
      })}
      toBody={(text) => {
        const parsed = usdoPriceInput.safeParse(text);
        return parsed.success ? { usdo_price: { price: parsed.data } } : message(ADMIN_MSG.invalidPrice);
      }}
      afterSave={({ settings }) => ({
        value: settings.usdo_price.price,
        text: t('admin.settings.usdo.saved', { coin: IN_HOUSE_COIN, price: number(settings.usdo_price.price) }),
      })}
    />
  );
}
