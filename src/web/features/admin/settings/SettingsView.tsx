/** The Settings view: the USDO price, the deposit addresses (with each network's terms), the bonuses, and the FAQ answers. */
import { ADMIN_MSG } from '../../../../shared/api/admin';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { useSettings } from '../api/settings';
import { LoadError, Spinner } from '../ListState';
import { BonusSettingsForm } from './BonusSettingsForm';
import { ConvertSpreadForm } from './ConvertSpreadForm';
import { DepositAddressesForm } from './DepositAddressesForm';
import { DepositNetworksForm } from './DepositNetworksForm';
import { FaqEntryForm } from './FaqEntryForm';
import { UsdoPriceForm } from './UsdoPriceForm';

export function SettingsView() {
  const settings = useSettings();
  const { t } = useI18n();
  if (settings.isPending) return <Spinner label={t('admin.settings.loading')} />;
  if (settings.isError)
    return (
      <LoadError
        message={errorMessage(settings.error, ADMIN_MSG.fetchSettingsFailed)}
        onRetry={() => void settings.refetch()}
      />
    );
  const { usdo_price, deposit_addresses, faq_entries } = settings.data;
  return (
    <>
      <p className="text-sm text-muted">{t('admin.settings.intro')}</p>
      <UsdoPriceForm current={usdo_price} />
      <ConvertSpreadForm current={settings.data.convert_spread} />
      <DepositAddressesForm current={deposit_addresses} />
      <DepositNetworksForm current={settings.data.deposit_networks} />
      <BonusSettingsForm />
      <section aria-labelledby="faq-heading" className="flex flex-col gap-3">
        <h2 id="faq-heading" className="text-[17px] font-semibold">
          {t('admin.settings.faq.heading')}
        </h2>
        {faq_entries.map((entry) => (
          <FaqEntryForm key={entry.id} entry={entry} />
        ))}
      </section>
    </>
  );
}
