/**
 * /deposit (docs/product.md 2 "Deposit", 4, 5, 9; docs/decisions/0028-deposit-networks.md): USDT only. The user picks the network, sees
 * the platform's address for it with a QR code and a copy button, its minimum and confirmations, pays,
 * then sends the quantity, the address paid from and, if they have it, the transaction hash; staff
 * approve the request before the funding wallet is credited. The fields are cleared once it is sent.
 * The address is on the screen, never "ask support for it" (docs/decisions/0028).
 */
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_MSG, type DepositAddress, type DepositNetwork } from '../../../shared/api/deposits';
import { rechargeBody } from '../../../shared/api/wallet';
import { msg } from '../../../shared/message';
import {
  CONFIRMATIONS_TO_WITHDRAW,
  COPY_CONFIRMATION_MS,
  MIN_RECHARGE_USDT,
  QUOTE_CURRENCY,
} from '../../../shared/constants';
import { formatAmount } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { AMOUNT_PATTERN, dec } from '../../../shared/money';
import { Button } from '../../components/Button';
import { CopyIcon, HeadsetIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { Segmented } from '../../components/Segmented';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { useI18n, type TextKey } from '../../lib/i18n';
import { checkForm, type FieldErrors } from '../../lib/forms';
import { PATHS } from '../../lib/paths';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';
import { useSubmissionKey } from '../../lib/submission-key';
import { useChainDeposits, useDepositAddresses } from './api/deposit-addresses';
import { useRecharge } from './api/money-moves';
import { typedAmount } from './display';

interface DepositValues {
  amount: string;
  payment_address: string;
  tx_hash: string;
}
const EMPTY: DepositValues = { amount: '', payment_address: '', tx_hash: '' };

/** What a hash looks like on each network, as the field's placeholder. */
const TX_HASH_PLACEHOLDER: Record<DepositNetwork, TextKey> = {
  ERC20: 'wallet.deposit.txHashErc20',
  TRC20: 'wallet.deposit.txHash64',
  BTC: 'wallet.deposit.txHash64',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

/** SPEC's 50 USDT, or the network's own minimum when staff set a higher one (the server applies both). */
const minimumOf = (terms: DepositAddress | undefined) =>
  terms && dec(terms.min_amount).gt(MIN_RECHARGE_USDT) ? terms.min_amount : MIN_RECHARGE_USDT;

function AddressCard({ terms }: { terms: DepositAddress }) {
  const { state, copy } = useCopyConfirmation(COPY_CONFIRMATION_MS);
  const copied = state === 'copied';
  const { t, message } = useI18n();
  return (
    <section
      aria-label={t('wallet.deposit.addressCard', { network: terms.network })}
      className="flex flex-col items-center gap-3 rounded-2xl bg-surface p-4 shadow-card"
    >
      {/* Dark on white in both themes: scanners read dark modules on a light background. */}
      <div className="rounded-2xl bg-white p-2">
        <QRCodeSVG
          value={terms.address}
          level="M"
          size={168}
          marginSize={2}
          role="img"
          aria-label={t('wallet.deposit.qrCode', { network: terms.network })}
          data-testid="deposit-qr"
        />
      </div>
      <div className="flex w-full items-center gap-2 rounded-xl bg-surface-2 py-1 pl-3 pr-1">
        <p className="min-w-0 flex-1 select-all break-all font-mono text-[13px]" data-testid="deposit-address">
          {terms.address}
        </p>
        <button
          type="button"
          onClick={() => void copy(terms.address)}
          aria-label={copied ? message(MSG.copied) : t('wallet.deposit.copyAddress')}
          className={cx(
            'flex h-touch shrink-0 items-center gap-1 rounded-lg px-2.5 text-[13px] font-semibold',
            copied ? 'text-up' : 'text-primary hover:bg-primary/10',
          )}
        >
          {!copied && <CopyIcon size={16} />}
          <span aria-live="polite">{copied ? message(MSG.copied) : t('wallet.deposit.copy')}</span>
        </button>
      </div>
      {state === 'failed' && (
        <Notice tone="error" className="w-full">
          {t('wallet.deposit.copyFailed')}
        </Notice>
      )}
      <p className="text-center text-[13px] text-muted">
        {t('wallet.deposit.sendOnly', { currency: terms.currency, network: terms.network })}
      </p>
      {terms.auto_credit && (
        <Notice tone="success" className="w-full">
          {t('custody.ownAddress', { currency: terms.currency, network: terms.network, blocks: terms.confirmations })}
        </Notice>
      )}
    </section>
  );
}

/** Transfers to the user's own address still waiting for their confirmations (docs/decisions/0057). */
function ArrivingDeposits() {
  const { t, number } = useI18n();
  const arriving = (useChainDeposits().data ?? []).filter((d) => d.status === 'pending');
  if (arriving.length === 0) return null;
  return (
    <section aria-label={t('custody.arriving')} className="rounded-2xl bg-surface px-4 py-3 shadow-card">
      <h2 className="text-sm font-semibold">{t('custody.arriving')}</h2>
      <ul className="mt-1 flex flex-col gap-1 text-sm text-muted">
        {arriving.map((d) => (
          <li key={`${d.tx_hash}:${d.log_index}`} data-testid="arriving-deposit">
            {t('custody.arrivingLine', {
              amount: number(formatAmount(d.amount)),
              currency: d.currency,
              confirmations: d.confirmations,
              required: d.confirmations_required,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DepositPage() {
  const { t, message, number } = useI18n();
  const recharge = useRecharge();
  const submission = useSubmissionKey();
  const addresses = useDepositAddresses(QUOTE_CURRENCY);
  const [picked, setPicked] = useState<DepositNetwork | null>(null);
  const [values, setValues] = useState<DepositValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof DepositValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const networks = addresses.data ?? [];
  const terms = networks.find((n) => n.network === picked) ?? networks[0];
  const network = terms?.network;
  const minimum = minimumOf(terms);

  const check = checkForm(rechargeBody, { ...values, network });
  const errors: FieldErrors = { ...check.errors };
  const amount = values.amount.trim();
  if (!errors.amount && terms && AMOUNT_PATTERN.test(amount) && dec(amount).lt(minimum))
    // The minimum with the language's separator, so the translation carries it as shown elsewhere.
    errors.amount = message(msg(DEPOSIT_MSG, 'belowNetworkMinimum', terms.network, number(minimum), QUOTE_CURRENCY));
  const errorOf = (field: keyof DepositValues) => (submitted || touched[field] ? errors[field] : undefined);

  const edit = (field: keyof DepositValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    if (!recharge.isPending) recharge.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.data || Object.keys(errors).length > 0) return;
    // SPEC's payload, plus the network and hash when there are some (docs/decisions/0028).
    const { network: chosen, tx_hash, ...spec } = check.data;
    const body = { ...spec, ...(chosen ? { network: chosen } : {}), ...(tx_hash ? { tx_hash } : {}) };
    recharge.mutate(
      { body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.finish();
          setValues(EMPTY);
          setTouched({});
          setSubmitted(false);
        },
      },
    );
  };

  let addressPart;
  if (addresses.isPending) addressPart = <Spinner label={t('wallet.deposit.loadingAddresses')} />;
  else if (addresses.isError)
    addressPart = <Notice tone="error">{errorMessage(addresses.error, DEPOSIT_MSG.fetchAddressesFailed)}</Notice>;
  else if (terms)
    addressPart = (
      <>
        <div className="flex flex-col gap-1.5">
          <span aria-hidden="true" className="text-[13px] font-medium text-muted">
            {t('wallet.deposit.network')}
          </span>
          <Segmented
            label={t('wallet.deposit.network')}
            options={networks.map((n) => ({ value: n.network, label: n.network }))}
            value={terms.network}
            onChange={(value) => {
              setPicked(value);
              if (!recharge.isPending) recharge.reset();
            }}
          />
        </div>
        <AddressCard key={terms.network} terms={terms} />
        {terms.auto_credit && <ArrivingDeposits />}
      </>
    );

  return (
    <>
      <PageHeader title={t('wallet.deposit.title')} fallback={PATHS.assets} />
      <Screen className="gap-4 pt-2">
        <section className="flex items-center justify-between rounded-2xl bg-surface p-4 shadow-card">
          <span className="text-sm text-muted">{t('wallet.deposit.currentCurrency')}</span>
          <span className="flex items-center gap-2 text-[15px] font-semibold">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 items-center justify-center rounded-full bg-up/10 text-[11px] font-bold text-up"
            >
              ₮
            </span>
            {QUOTE_CURRENCY}
          </span>
        </section>

        {addressPart}

        <dl className="rounded-2xl bg-surface px-4 py-2 shadow-card">
          <Fact label={t('wallet.deposit.minimum')} value={`${number(formatAmount(minimum))} ${QUOTE_CURRENCY}`} />
          {terms && <Fact label={t('wallet.deposit.confirmationsToArrive')} value={String(terms.confirmations)} />}
          <Fact label={t('wallet.deposit.confirmationsToWithdraw')} value={String(CONFIRMATIONS_TO_WITHDRAW)} />
        </dl>

        {/* SPEC's note about the charge address, without the scam pattern of asking support for it. */}
        <div className="flex flex-col gap-2 rounded-2xl bg-primary/10 px-4 py-3 text-sm text-ink">
          <p>{t('wallet.deposit.note')}</p>
          <Link
            to={PATHS.support}
            className="inline-flex min-h-touch items-center gap-2 self-start rounded-lg font-semibold text-primary"
          >
            <HeadsetIcon size={18} />
            {t('wallet.deposit.onlineService')}
          </Link>
        </div>

        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label={t('wallet.deposit.quantity', { currency: QUOTE_CURRENCY })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('wallet.deposit.atLeast', { amount: number(formatAmount(minimum)) })}
            value={values.amount}
            onChange={(e) => edit('amount', typedAmount(e.target.value, values.amount))}
            error={errorOf('amount')}
          />
          <TextField
            label={t('wallet.deposit.paymentAddress')}
            name="payment_address"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('wallet.deposit.paymentAddressPlaceholder')}
            value={values.payment_address}
            onChange={(e) => edit('payment_address', e.target.value)}
            error={errorOf('payment_address')}
          />
          <TextField
            label={network ? t('wallet.deposit.txHashOn', { network }) : t('wallet.deposit.txHash')}
            name="tx_hash"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t(network ? TX_HASH_PLACEHOLDER[network] : 'wallet.deposit.optional')}
            hint={t('wallet.deposit.txHashHint')}
            value={values.tx_hash}
            onChange={(e) => edit('tx_hash', e.target.value)}
            error={errorOf('tx_hash') ?? (submitted || touched.tx_hash ? errors.network : undefined)}
          />
          {recharge.isSuccess && <Notice tone="success">{message(MSG.depositSent)}</Notice>}
          {recharge.isError && <Notice tone="error">{errorMessage(recharge.error, MSG.depositFailed)}</Notice>}
          <Button type="submit" busy={recharge.isPending}>
            {t('wallet.deposit.submit')}
          </Button>
        </form>
      </Screen>
    </>
  );
}
