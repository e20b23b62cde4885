/** The addresses users are told to send deposits to (the FAQ bot's recharge-address answer). */
import { useState } from 'react';
import { ADMIN_MSG, depositAddressesInput, type AdminSettings } from '../../../../shared/api/admin';
import { DEPOSIT_NETWORKS } from '../../../../shared/api/support';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';
import { checkForm, type FieldErrors } from '../../../lib/forms';
import { useSaveSettings } from '../api/settings';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

type Addresses = AdminSettings['deposit_addresses'];

export function DepositAddressesForm({ current }: { current: Addresses }) {
  const [values, setValues] = useState<Addresses>(current);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();
  const { t } = useI18n();

  const submit = () => {
    setOutcome(null);
    const checked = checkForm(depositAddressesInput, values);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { deposit_addresses: checked.data },
      {
        onSuccess: (saved) => {
          setValues(saved.settings.deposit_addresses);
          setOutcome({ tone: 'success', text: t('admin.settings.addresses.saved') });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('admin.settings.addresses.title')}
      description={t('admin.settings.addresses.description')}
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('admin.settings.addresses.save')}
    >
      {DEPOSIT_NETWORKS.map((network) => (
        <TextField
          key={network}
          label={t('admin.settings.addresses.label', { network })}
          autoComplete="off"
          spellCheck={false}
          className="[&_input]:font-mono [&_input]:text-[13px]"
          value={values[network]}
          onChange={(event) => setValues((v) => ({ ...v, [network]: event.target.value }))}
          error={errors[network] ?? null}
        />
      ))}
    </SettingsCard>
  );
}
