/**
 * /withdrawal/{currency} (docs/product.md 2, 5, 8, 9): address, amount with 'all', the read-only USDT value,
 * the transaction password, and the 1 % fee and arrival amount. Each field's message shows as soon
 * as it has been edited, all of them on submit. Success opens the withdrawal's status screen
 * (docs/decisions/0062-money-screens.md). Saved addresses of the
 * currency (the address book) are offered above the address field; picking one fills it.
 *
 * Withdrawal networks (docs/decisions/0029-withdrawal-networks.md): a network picker (following the address's shape until the user
 * picks one), the address checked as typed by the server's own validator (src/shared/addresses.ts),
 * and Withdraw opens a confirmation sheet (network, address, amount, fee, arrival): only its button sends.
 *
 * USDT shows what is withdrawable and, apart, a bonus still locked until its turnover is traded
 * (docs/decisions/0047).
 */
import { useState, type FormEvent } from 'react';
import { inferNetwork, networksOf, type Network } from '../../../shared/addresses';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor';
import { CURRENCY_PATTERN, WALLET_MSG } from '../../../shared/api/wallet';
import { msg } from '../../../shared/message';
import { QUOTE_CURRENCY, WITHDRAWAL_MIN_USDT } from '../../../shared/constants';
import { formatAmount, formatPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { dec, sub } from '../../../shared/money';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { cx } from '../../components/cx';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { PasswordField, TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useUserInfo } from '../account';
import { useSecurityStatus, useTwoFactorStatus } from '../safety';
import { PROTECTION_MSG } from '../../../shared/api/protection';
import { useSavedAddresses } from './api/saved-addresses';
import { AmountField } from './AmountField';
import { AvailableBalance } from './AvailableBalance';
import { SavedAddressPicker } from './SavedAddressPicker';
import { useWithdraw } from './api/money-moves';
import { useUsdtPrices } from './api/prices';
import { useSubmissionKey } from '../../lib/submission-key';
import { useBalance } from '../../lib/wallet-lists';
import { useBonusLock } from './api/bonus-lock';
import { draftOf, withDraft, type WithdrawalDraft } from './withdrawal-draft';
import { withdrawalAmount, withdrawalErrors, withdrawalQuote, type WithdrawalValues } from './withdrawal-rules';

type Field = 'address' | 'amount' | 'password' | 'network';
const ERROR_KEY: Record<Field, string> = {
  address: 'address',
  amount: 'amount',
  password: 'transaction_password',
  network: 'network',
};

/** The coin's networks as a segmented control; the message of a network the coin does not travel on below. */
function NetworkPicker({
  networks,
  value,
  onPick,
  error,
}: {
  networks: readonly Network[];
  value: Network;
  onPick: (network: Network) => void;
  error?: string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-1.5">
      <span id="withdrawal-network-label" className="text-[13px] font-medium text-muted">
        {t('wallet.withdrawal.network')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby="withdrawal-network-label"
        className={cx('grid gap-1 rounded-xl bg-surface-2 p-1', networks.length > 1 ? 'grid-cols-2' : 'grid-cols-1')}
      >
        {networks.map((network) => (
          <button
            key={network}
            type="button"
            role="radio"
            aria-checked={value === network}
            onClick={() => onPick(network)}
            className={cx(
              'h-11 rounded-lg text-[15px] font-semibold',
              value === network ? 'bg-surface text-primary shadow-card' : 'text-muted hover:text-ink',
            )}
          >
            {network}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-[13px] text-down">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The notice of a missing transaction password; its link keeps what was typed in this page's history
 * entry first, so the password screen's return finds the form as it was (docs/decisions/0068-screens-finish.md).
 */
function TransactionPasswordNeeded({ draft }: { draft: WithdrawalDraft }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const open = async () => {
    await navigate({ pathname, search }, { replace: true, state: withDraft(draft) });
    await navigate(PATHS.transactionPassword);
  };
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-warn/15 px-4 py-3 text-sm">
      <p>{t('wallet.withdrawal.passwordNeeded')}</p>
      <Link
        to={PATHS.transactionPassword}
        onClick={(event) => {
          event.preventDefault();
          void open();
        }}
        className="inline-flex min-h-touch items-center self-start rounded-lg font-semibold text-primary underline-offset-2 hover:underline dark:text-[#6EA8FF]"
      >
        {t('wallet.withdrawal.setPassword')}
      </Link>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function WithdrawalForm({ currency, networks }: { currency: string; networks: readonly Network[] }) {
  const { t, message, number, fieldNumber } = useI18n();
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const submission = useSubmissionKey();
  // A cached answer may predate setting the password on the safety screen: wait for the fresh one.
  const info = useUserInfo();
  const needsPassword = info.data?.has_transaction_password === false && !info.isFetching;
  const { balance: funding, failed } = useBalance('funding', currency);
  // USDT: what is withdrawable (funding, plus a bonus whose turnover is met), and a bonus still locked
  // said apart (docs/decisions/0047): the server refuses to send a locked bonus.
  const lock = useBonusLock(currency === QUOTE_CURRENCY).data;
  const balance = lock && funding !== undefined ? lock.withdrawable : funding;
  const lockedBonus = lock && dec(lock.locked).gt(0) && dec(lock.turnover).lt(lock.turnover_required) ? lock : null;
  const price = useUsdtPrices([currency])[currency];
  // What was typed before the transaction-password screen was opened from here, if it was (withdrawal-draft.ts).
  const { state } = useLocation();
  const [kept] = useState(() => draftOf(state, networks));
  const [values, setValues] = useState<WithdrawalValues>({
    address: kept?.address ?? '',
    amount: kept?.amount ?? '',
    allAmount: kept?.allAmount ?? false,
    password: '',
  });
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    address: false,
    amount: false,
    password: false,
    network: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Until the user picks a network, it follows the address (a pasted T... address is TRC20).
  const [pickedNetwork, setPickedNetwork] = useState<Network | null>(kept?.network ?? null);
  const inferred = inferNetwork(values.address.trim());
  const network: Network =
    pickedNetwork ?? (inferred !== null && networks.includes(inferred) ? inferred : networks[0]!);
  // With 2FA on, a withdrawal also needs the authenticator's current code (docs/decisions/0024-withdrawal-protection.md).
  const needsTwoFactor = useTwoFactorStatus().data?.totp === true;
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const twoFactorError =
    needsTwoFactor && submitted && twoFactorCode.trim() === '' ? message(TWO_FACTOR_MSG.codeRequired) : undefined;

  // With the whitelist on, an address outside the book is refused as it is typed, before the password
  // and the code are asked (docs/decisions/0062-money-screens.md); the server still enforces it.
  const whitelistOn = useSecurityStatus().data?.whitelist_enabled === true;
  const saved = useSavedAddresses().data;
  const typed = values.address.trim();
  const notWhitelisted =
    whitelistOn &&
    saved !== undefined &&
    typed !== '' &&
    !saved.some((a) => a.currency === currency && a.address === typed);

  const amount = withdrawalAmount(values, balance);
  const formErrors = withdrawalErrors({ ...values, network }, { currency, balance, price });
  const errors =
    notWhitelisted && formErrors.address === undefined
      ? { ...formErrors, address: PROTECTION_MSG.notWhitelisted }
      : formErrors;
  // The form's own checks come translated (lib/forms.ts); the money rules' texts are translated here.
  const errorOf = (field: Field) => {
    const error = submitted || touched[field] ? errors[ERROR_KEY[field]] : undefined;
    return error === undefined ? undefined : message(error);
  };
  const quote = withdrawalQuote(amount, price);

  const edit = (field: Field, changes: Partial<WithdrawalValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setTouched((t) => ({ ...t, [field]: true }));
    if (!withdraw.isPending) withdraw.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || (needsTwoFactor && twoFactorCode.trim() === '')) return;
    // Nothing is sent from the form: the sheet shows what will leave, and its button sends it.
    setConfirming(true);
  };

  const send = () => {
    const body = {
      address: values.address.trim(),
      network,
      amount,
      all_amount: values.allAmount,
      transaction_password: values.password,
      currency,
      handling_fee: quote.fee,
      arrival_amount: quote.arrival,
      ...(quote.usdtValue !== null ? { usdt_value: quote.usdtValue } : {}),
      ...(needsTwoFactor ? { two_factor_code: twoFactorCode.trim() } : {}),
    };
    withdraw.mutate(
      // The code is left out of the key: a retry with a newer code is still the same withdrawal (one key).
      { body, idempotencyKey: submission.keyFor({ ...body, two_factor_code: undefined }) },
      {
        onSuccess: (created) => {
          submission.finish();
          setConfirming(false);
          // The status screen takes the form's place: Back from it goes where the form was opened from.
          void navigate(PATHS.withdrawalStatus(created.transaction.transaction_id), { replace: true });
        },
      },
    );
  };

  const unit = (value: string) => `${number(formatAmount(value))} ${currency}`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {needsPassword && (
        <TransactionPasswordNeeded
          draft={{
            address: values.address,
            amount: values.amount,
            allAmount: values.allAmount,
            network: pickedNetwork,
          }}
        />
      )}
      <NetworkPicker
        networks={networks}
        value={network}
        onPick={(picked) => {
          setPickedNetwork(picked);
          setTouched((t) => ({ ...t, network: true }));
          if (!withdraw.isPending) withdraw.reset();
        }}
        error={errorOf('network')}
      />
      <SavedAddressPicker
        currency={currency}
        selected={values.address.trim()}
        onPick={(address) => edit('address', { address })}
      />
      <TextField
        label={t('wallet.withdrawal.address')}
        name="address"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('wallet.withdrawal.addressPlaceholder', { currency, network })}
        value={values.address}
        onChange={(e) => edit('address', { address: e.target.value })}
        error={errorOf('address')}
      />
      <AmountField
        label={t('wallet.withdrawal.amount')}
        name="amount"
        placeholder={t('wallet.withdrawal.amountPlaceholder', { min: WITHDRAWAL_MIN_USDT })}
        value={values.allAmount ? amount : values.amount}
        onChange={(typed) => edit('amount', { amount: typed, allAmount: false })}
        onAll={() => edit('amount', { allAmount: true })}
        allDisabled={balance === undefined}
        error={errorOf('amount')}
      />
      <AvailableBalance balance={balance} failed={failed} currency={currency} />
      {lockedBonus && (
        <p className="-mt-2 text-xs text-muted">
          {t('wallet.withdrawal.lockedBonus', {
            amount: number(formatAmount(lockedBonus.locked)),
            more: number(formatAmount(sub(lockedBonus.turnover_required, lockedBonus.turnover).toFixed())),
          })}
        </p>
      )}
      <TextField
        label={t('wallet.withdrawal.usdtValue')}
        name="usdt-value"
        readOnly
        tabIndex={-1}
        value={quote.usdtValue === null ? '--' : fieldNumber(formatPrice(quote.usdtValue))}
      />
      <PasswordField
        label={t('wallet.withdrawal.password')}
        name="transaction-password"
        autoComplete="off"
        value={values.password}
        onChange={(e) => edit('password', { password: e.target.value })}
        error={errorOf('password')}
      />
      {needsTwoFactor && (
        <TextField
          label={t('wallet.withdrawal.twoFactor')}
          name="two_factor_code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          placeholder={t('wallet.withdrawal.twoFactorPlaceholder')}
          hint={t('wallet.withdrawal.twoFactorHint')}
          value={twoFactorCode}
          onChange={(e) => {
            setTwoFactorCode(e.target.value);
            if (!withdraw.isPending) withdraw.reset();
          }}
          error={twoFactorError}
        />
      )}
      <dl className="rounded-2xl bg-surface px-4 py-2 shadow-card">
        <Figure label={t('wallet.withdrawal.fee')} value={unit(quote.fee)} />
        <Figure label={t('wallet.withdrawal.arrival')} value={unit(quote.arrival)} />
      </dl>
      {/* While the sheet is open it shows the refusal itself: one alert, not two. */}
      {withdraw.isError && !confirming && (
        <Notice tone="error">{errorMessage(withdraw.error, MSG.withdrawalFailed, ['error', 'detail'])}</Notice>
      )}
      <Button type="submit" busy={withdraw.isPending}>
        {t('wallet.withdrawal.submit')}
      </Button>
      <p className="text-xs text-muted">{t('wallet.withdrawal.note', { min: WITHDRAWAL_MIN_USDT })}</p>
      <BottomSheet
        open={confirming}
        onClose={() => {
          if (!withdraw.isPending) setConfirming(false);
        }}
        title={t('wallet.withdrawal.sheetTitle')}
      >
        <div className="flex flex-col gap-4">
          <dl className="rounded-2xl bg-surface-2 px-4 py-2">
            <Figure label={t('wallet.withdrawal.network')} value={network} />
            <div className="flex flex-col gap-1 py-1.5 text-sm">
              <dt className="text-muted">{t('wallet.withdrawal.address')}</dt>
              <dd className="break-all font-mono text-[13px] font-medium">{values.address.trim()}</dd>
            </div>
            <Figure label={t('wallet.withdrawal.amount')} value={unit(amount)} />
            <Figure label={t('wallet.withdrawal.fee')} value={unit(quote.fee)} />
            <Figure label={t('wallet.withdrawal.arrival')} value={unit(quote.arrival)} />
          </dl>
          <p className="text-[13px] text-muted">{t('wallet.withdrawal.check')}</p>
          {withdraw.isError && (
            <Notice tone="error">{errorMessage(withdraw.error, MSG.withdrawalFailed, ['error', 'detail'])}</Notice>
          )}
          <div className="grid grid-cols-[2fr_3fr] gap-3">
            <Button variant="secondary" disabled={withdraw.isPending} onClick={() => setConfirming(false)}>
              {t('wallet.withdrawal.back')}
            </Button>
            <Button busy={withdraw.isPending} onClick={send}>
              {t('wallet.withdrawal.confirm')}
            </Button>
          </div>
        </div>
      </BottomSheet>
    </form>
  );
}

export function WithdrawalPage() {
  const { t, message } = useI18n();
  const { currency: raw = '' } = useParams();
  const currency = raw.toUpperCase();
  const valid = CURRENCY_PATTERN.test(currency);
  const networks = networksOf(currency);
  return (
    <>
      <PageHeader
        title={valid ? t('wallet.withdrawal.titleOf', { currency }) : t('wallet.withdrawal.title')}
        fallback={PATHS.assets}
      />
      <Screen className="pt-2">
        {!valid ? (
          <Notice tone="error">{message(MSG.assetNotFound)}</Notice>
        ) : networks.length === 0 ? (
          // No network to check an address on (USDO, the in-house coin): docs/decisions/0029.
          <Notice tone="error">{message(msg(WALLET_MSG, 'unsupportedCurrency', currency))}</Notice>
        ) : (
          <WithdrawalForm currency={currency} networks={networks} />
        )}
      </Screen>
    </>
  );
}
