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
import { errorMessage, isApiError } from '../../lib/api';
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

const CODE_HINT = 'The emailed code, or your authenticator code when two-factor authentication is on.';

function WhitelistSwitch() {
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
      <Switch label="Address whitelist" checked={enabled} onChange={toggle} />
      <p className="mt-1 text-[13px] text-muted">
        {enabled
          ? 'On: withdrawals go only to the addresses saved below.'
          : 'Off: withdrawals may go to any address. Turn it on to allow only saved addresses.'}
      </p>
      {turningOff && enabled && (
        <form noValidate onSubmit={confirmOff} className="mt-3 flex flex-col gap-3">
          <SecurityCodeField value={code} onChange={setCode} sendCode={sendCode} />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setTurningOff(false)}>
              Keep it on
            </Button>
            <Button type="submit" variant="danger" busy={setWhitelist.isPending} disabled={code.trim() === ''}>
              Turn off
            </Button>
          </div>
        </form>
      )}
      {setWhitelist.isError && (
        <Notice tone="error" className="mt-3">
          {errorMessage(setWhitelist.error, 'Could not change the whitelist')}
        </Notice>
      )}
    </section>
  );
}

function AddressList() {
  const addresses = useWithdrawalAddresses();
  const remove = useDeleteAddress();
  if (addresses.isError)
    return <Notice tone="error">{errorMessage(addresses.error, 'Could not load addresses')}</Notice>;
  const list = addresses.data ?? [];
  return (
    <section aria-label="Saved addresses">
      <h2 className="mb-2 px-1 text-[13px] font-semibold uppercase tracking-wide text-muted">Saved addresses</h2>
      {list.length === 0 ? (
        <p className="rounded-2xl bg-surface px-4 py-5 text-sm text-muted shadow-card">
          {addresses.isPending ? 'Loading…' : 'No saved addresses yet.'}
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
                aria-label={`Delete ${a.label}`}
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
          {errorMessage(remove.error, 'Could not delete the address')}
        </Notice>
      )}
    </section>
  );
}

function AddAddressForm() {
  const add = useAddAddress();
  const sendCode = useSendSecurityCode();
  const [values, setValues] = useState({ address: '', currency: 'USDT', label: '', code: '' });
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const fields = isApiError(add.error) ? (add.error.data as { fields?: Record<string, string> }).fields : undefined;

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
      <h2 className="mb-3 text-[15px] font-semibold">Add an address</h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="address-currency" className="text-[13px] font-medium text-muted">
            Currency
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
          label="Address"
          name="saved-address"
          autoComplete="off"
          spellCheck={false}
          value={values.address}
          onChange={(e) => set('address')(e.target.value)}
          error={fields?.address}
        />
        <TextField
          label="Label"
          name="label"
          maxLength={40}
          placeholder="e.g. My hardware wallet"
          value={values.label}
          onChange={(e) => set('label')(e.target.value)}
          error={fields?.label}
        />
        <div>
          <SecurityCodeField value={values.code} onChange={set('code')} sendCode={sendCode} error={fields?.code} />
          <p className="mt-1 text-xs text-muted">{CODE_HINT}</p>
        </div>
        {sendCode.isSuccess && !add.isSuccess && <Notice tone="success">{sendCode.data.message}</Notice>}
        {add.isError && <Notice tone="error">{errorMessage(add.error, 'Could not save the address')}</Notice>}
        {add.isSuccess && <Notice tone="success">{PROTECTION_MSG.addressSaved}</Notice>}
        <Button type="submit" busy={add.isPending}>
          Save address
        </Button>
      </form>
    </section>
  );
}

export function WithdrawalAddressesPage() {
  return (
    <>
      <PageHeader title="Address book" fallback={PATHS.safetyCenter} />
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
