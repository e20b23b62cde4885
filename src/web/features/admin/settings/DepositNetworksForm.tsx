/**
 * Each deposit network's minimum and confirmations (docs/decisions/0028): what the deposit
 * screen and GET /api-v1/deposit-addresses/ show beside the addresses above.
 */
import { useState } from 'react';
import { ADMIN_MSG, type AdminSettings } from '../../../../shared/api/admin';
import { DEPOSIT_NETWORKS, depositNetworksInput, type DepositNetwork } from '../../../../shared/api/deposits';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/api';
import { issueMessage } from '../../../../shared/message';
import { i18n, useI18n } from '../../../lib/i18n';
import type { FieldErrors } from '../../../lib/forms';
import { useSaveSettings } from '../api/settings';
import { SettingsCard, type SaveOutcome } from './SettingsCard';

type Terms = AdminSettings['deposit_networks'];
type Typed = Record<DepositNetwork, { min_amount: string; confirmations: string }>;

const typedOf = (terms: Terms): Typed =>
  Object.fromEntries(
    DEPOSIT_NETWORKS.map((n) => [
      n,
      { min_amount: terms[n].min_amount, confirmations: String(terms[n].confirmations) },
    ]),
  ) as Typed;

/** Confirmations as typed: a whole number, else the text itself (so the schema names what is wrong). */
const countOf = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/** The first message of each network's fields, under the network's own name. */
function errorsByField(values: Typed): { data: Terms | null; errors: FieldErrors } {
  const parsed = depositNetworksInput.safeParse(
    Object.fromEntries(
      DEPOSIT_NETWORKS.map((n) => [
        n,
        { min_amount: values[n].min_amount, confirmations: countOf(values[n].confirmations) },
      ]),
    ),
  );
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues)
    errors[issue.path.slice(0, 2).join('.')] ??= i18n.message(issueMessage(issue));
  return { data: null, errors };
}

export function DepositNetworksForm({ current }: { current: Terms }) {
  const [values, setValues] = useState<Typed>(() => typedOf(current));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const save = useSaveSettings();
  const { t } = useI18n();

  const edit = (network: DepositNetwork, field: 'min_amount' | 'confirmations', value: string) =>
    setValues((v) => ({ ...v, [network]: { ...v[network], [field]: value } }));

  const submit = () => {
    setOutcome(null);
    const checked = errorsByField(values);
    setErrors(checked.errors);
    if (!checked.data) return;
    save.mutate(
      { deposit_networks: checked.data },
      {
        onSuccess: (saved) => {
          setValues(typedOf(saved.settings.deposit_networks));
          setOutcome({ tone: 'success', text: t('admin.settings.networks.saved') });
        },
        onError: (err) => setOutcome({ tone: 'error', text: errorMessage(err, ADMIN_MSG.saveFailed) }),
      },
    );
  };

  return (
    <SettingsCard
      title={t('admin.settings.networks.title')}
      description={t('admin.settings.networks.description')}
      busy={save.isPending}
      outcome={outcome}
      onSubmit={submit}
      saveLabel={t('admin.settings.networks.save')}
    >
      {DEPOSIT_NETWORKS.map((network) => (
        <div key={network} className="grid grid-cols-2 items-end gap-3">
          <TextField
            label={t('admin.settings.networks.minimum', { network, currency: network === 'BTC' ? 'BTC' : 'USDT' })}
            inputMode="decimal"
            autoComplete="off"
            value={values[network].min_amount}
            onChange={(event) => edit(network, 'min_amount', event.target.value)}
            error={errors[`${network}.min_amount`] ?? null}
          />
          <TextField
            label={t('admin.settings.networks.confirmations', { network })}
            inputMode="numeric"
            autoComplete="off"
            value={values[network].confirmations}
            onChange={(event) => edit(network, 'confirmations', event.target.value)}
            error={errors[`${network}.confirmations`] ?? null}
          />
        </div>
      ))}
    </SettingsCard>
  );
}
