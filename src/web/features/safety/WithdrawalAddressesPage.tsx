/**
 * /safety/withdrawal-addresses (docs/security.md "## Withdrawal protection and anti-phishing"): the
 * whitelist switch, the saved addresses (delete each), and adding one with the emailed code (or the
 * authenticator code when two-factor authentication is on). Turning the whitelist off asks for the
 * code too; turning it on does not.
 */
import { useState, type FormEvent } from 'react';
import { PROTECTION_MSG } from '../../../shared/api/protection';
import { DEFAULT_WALLET_CURRENCIES } from '../../../shared/constants';
import { Button } from '../../components/Button';
import { TrashIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { errorMessage, fieldMessages } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import {
  useAddAddress,
  useDeleteAddress,
  useSecurityStatus,
  useSetWhitelist,
  useWithdrawalAddresses,
} from './api/protection';
import { useSendSecurityCode } from './api/security-code';
import { SecurityCodeField } from './SecurityCodeField';

function WhitelistSwitch() {
  const { t } = useI18n();
  const status = useSecurityStatus();
  const setWhitelist = useSetWhitelist();
  const sendCode = useSendSecurityCode();
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const enabled = status.data?.whitelist_enabled ?? false;

  const toggle = (on: boolean) => {
    if (on) setWhitelist.mutate({ enabled: true }, { onSuccess: () => setTurningOff(false) });
    else setTurningOff(true);
  };
  const confirmOff = (event: FormEvent) => {
    event.preventDefault();
    setWhitelist.mutate(
      { enabled: false, code: code.trim() },
      {
        onSuccess: () => {
          setTurningOff(false);
          setCode('');
        },
      },
    );
  };

  return (
    <section className="rounded-2xl bg-surface p-4 shadow-card">
      <Switch label={t('safety.addresses.whitelist')} checked={enabled} onChange={toggle} />
      <p className="mt-1 text-[13px] text-muted">
        {enabled ? t('safety.addresses.whitelistOn') : t('safety.addresses.whitelistOff')}
      </p>
      {turningOff && enabled && (
        <form noValidate onSubmit={confirmOff} className="mt-3 flex flex-col gap-3">
          <SecurityCodeField value={code} onChange={setCode} sendCode={sendCode} />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setTurningOff(false)}>
              {t('safety.addresses.keepOn')}
            </Button>
            <Button type="submit" variant="danger" busy={setWhitelist.isPending} disabled={code.trim() === ''}>
              {t('safety.addresses.turnOff')}
            </Button>
          </div>
        </form>
      )}
      {setWhitelist.isError && (
        <Notice tone="error" className="mt-3">
          {errorMessage(setWhitelist.error, t('safety.addresses.whitelistFailed'))}
        </Notice>
      )}
    </section>
  );
}

function AddressList() {
  const { t } = useI18n();
  const addresses = useWithdrawalAddresses();
  const remove = useDeleteAddress();
  if (addresses.isError)
    return <Notice tone="error">{errorMessage(addresses.error, t('safety.addresses.loadFailed'))}</Notice>;
  const list = addresses.data ?? [];
  return (
    <section aria-label={t('safety.addresses.saved')}>
      <h2 className="mb-2 px-1 text-[13px] font-semibold uppercase tracking-wide text-muted">
        {t('safety.addresses.saved')}
      </h2>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-5 text-sm text-muted shadow-card">
          {addresses.isPending ? t('safety.code.loading') : t('safety.addresses.none')}
        </p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl bg-surface shadow-card">
          {list.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-4 py-3">
              <span className="min-w-0 flex-1">
                <span className="block text-[15px] font-medium">
                  {a.label} <span className="text-[13px] font-normal text-muted">· {a.currency}</span>
                </span>
                <span className="block break-all font-mono text-[12px] text-muted">{a.address}</span>
              </span>
              <button
                type="button"
                aria-label={t('safety.addresses.deleteNamed', { label: a.label })}
                onClick={() => remove.mutate(a.id)}
                disabled={remove.isPending}
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-down hover:bg-down/10"
              >
                <TrashIcon size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <Notice tone="error" className="mt-2">
          {errorMessage(remove.error, t('safety.addresses.deleteFailed'))}
        </Notice>
      )}
    </section>
  );
}

function AddAddressForm() {
  const { t, message } = useI18n();
  const add = useAddAddress();
  const sendCode = useSendSecurityCode();
  const [values, setValues] = useState({ address: '', currency: 'USDT', label: '', code: '' });
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const fields = fieldMessages(add.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        address: values.address.trim(),
        currency: values.currency,
        label: values.label.trim(),
        code: values.code.trim(),
      },
      { onSuccess: () => setValues((v) => ({ ...v, address: '', label: '', code: '' })) },
    );
  };

  return (
    <section className="rounded-2xl bg-surface p-4 shadow-card">
      <h2 className="mb-3 text-[15px] font-semibold">{t('safety.addresses.addTitle')}</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="address-currency" className="text-[13px] font-medium text-muted">
            {t('safety.addresses.currency')}
          </label>
          <select
            id="address-currency"
            name="currency"
            value={values.currency}
            onChange={(e) => set('currency')(e.target.value)}
            className="h-12 rounded-xl border border-field-line bg-field px-3 text-[15px] text-ink"
          >
            {DEFAULT_WALLET_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('safety.addresses.address')}
          name="saved-address"
          autoComplete="off"
          spellCheck={false}
          value={values.address}
          onChange={(e) => set('address')(e.target.value)}
          error={fields?.address && message(fields.address)}
        />
        <TextField
          label={t('safety.addresses.label')}
          name="label"
          maxLength={40}
          placeholder={t('safety.addresses.labelPlaceholder')}
          value={values.label}
          onChange={(e) => set('label')(e.target.value)}
          error={fields?.label && message(fields.label)}
        />
        <div>
          <SecurityCodeField
            value={values.code}
            onChange={set('code')}
            sendCode={sendCode}
            error={fields?.code && message(fields.code)}
          />
          <p className="mt-1 text-xs text-muted">{t('safety.code.emailOrAuthenticator')}</p>
        </div>
        {sendCode.isSuccess && !add.isSuccess && <Notice tone="success">{message(sendCode.data.message)}</Notice>}
        {add.isError && <Notice tone="error">{errorMessage(add.error, t('safety.addresses.saveFailed'))}</Notice>}
        {add.isSuccess && <Notice tone="success">{message(PROTECTION_MSG.addressSaved)}</Notice>}
        <Button type="submit" busy={add.isPending}>
          {t('safety.addresses.save')}
        </Button>
      </form>
    </section>
  );
}

export function WithdrawalAddressesPage() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader title={t('safety.addresses.title')} fallback={PATHS.safetyCenter} />
      <Screen>
        <div className="mt-2 flex flex-col gap-4">
          <WhitelistSwitch />
          <AddressList />
          <AddAddressForm />
        </div>
      </Screen>
    </>
  );
}
