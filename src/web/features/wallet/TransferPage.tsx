/**
 * /transfer/{currency} (docs/product.md 2, 4, 5): from and to accounts (the same account on both sides
 * swaps them), a swap button, the amount with 'all', and Transfer. Success goes back one page.
 */
import { useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CURRENCY_PATTERN } from '../../../shared/api/wallet';
import type { WalletKind } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { ExchangeIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { PATHS } from '../../lib/paths';
import { useGoBack } from '../../lib/use-go-back';
import { AccountPicker } from './AccountPicker';
import { AmountField } from './AmountField';
import { AvailableBalance } from './AvailableBalance';
import { useTransfer } from './api/money-moves';
import { useSubmissionKey } from '../../lib/submission-key';
import { useBalance } from '../../lib/wallet-lists';
import { liveTransferProblem, submitTransferProblem } from './transfer-rules';
import { isWalletKind } from './wallet-kinds';

function TransferForm({ currency, initialFrom }: { currency: string; initialFrom: WalletKind }) {
  const { t, message } = useI18n();
  const goBack = useGoBack(PATHS.assets);
  const transfer = useTransfer();
  const submission = useSubmissionKey();
  const [from, setFrom] = useState<WalletKind>(initialFrom);
  const [to, setTo] = useState<WalletKind>(initialFrom === 'funding' ? 'lever' : 'funding');
  const [typed, setTyped] = useState('');
  const [allAmount, setAllAmount] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { balance, failed } = useBalance(from, currency);

  const amount = allAmount ? (balance ?? '') : typed;
  const liveError = allAmount ? null : liveTransferProblem(amount, balance);
  const problem = liveError ?? submitError;
  const shownError = problem === null ? null : message(problem);

  // Any change makes the last answer old news.
  const clearMessages = () => {
    setSubmitError(null);
    if (!transfer.isPending) transfer.reset();
  };
  const pickFrom = (kind: WalletKind) => {
    if (kind === to) setTo(from);
    setFrom(kind);
    clearMessages();
  };
  const pickTo = (kind: WalletKind) => {
    if (kind === from) setFrom(to);
    setTo(kind);
    clearMessages();
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    clearMessages();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = submitTransferProblem({ amount, allAmount, balance });
    setSubmitError(problem);
    if (problem) return;
    const body = { transfer_from: from, transfer_to: to, currency, amount, all_amount: allAmount };
    transfer.mutate(
      { body, idempotencyKey: submission.keyFor(body) },
      {
        onSuccess: () => {
          submission.finish();
          goBack();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex items-center gap-2 rounded-2xl bg-surface p-4 shadow-card">
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <AccountPicker label={t('wallet.transfer.from')} value={from} onChange={pickFrom} />
          <AccountPicker label={t('wallet.transfer.to')} value={to} onChange={pickTo} />
        </div>
        <button
          type="button"
          onClick={swap}
          aria-label={t('wallet.transfer.swap')}
          className="mt-6 flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary hover:bg-primary/20"
        >
          <ExchangeIcon size={22} className="rotate-90" />
        </button>
      </div>

      <div className="flex items-center justify-between rounded-2xl bg-surface px-4 py-3 shadow-card">
        <span className="text-sm text-muted">{t('wallet.transfer.coin')}</span>
        <span className="text-[15px] font-semibold">{currency}</span>
      </div>

      <AmountField
        label={t('wallet.transfer.amount')}
        name="amount"
        placeholder="0"
        value={amount}
        onChange={(value) => {
          setTyped(value);
          setAllAmount(false);
          clearMessages();
        }}
        onAll={() => {
          setAllAmount(true);
          clearMessages();
        }}
        allDisabled={balance === undefined}
        error={shownError}
      />
      <AvailableBalance balance={balance} failed={failed} currency={currency} />

      {transfer.isError && <Notice tone="error">{errorMessage(transfer.error, MSG.transferFailed)}</Notice>}
      <Button type="submit" disabled={amount === '' || Boolean(shownError)} busy={transfer.isPending}>
        {t('wallet.transfer.submit')}
      </Button>
    </form>
  );
}

export function TransferPage() {
  const { t, message } = useI18n();
  const { currency: raw = '' } = useParams();
  const [params] = useSearchParams();
  const currency = raw.toUpperCase();
  const from = params.get('from');
  return (
    <>
      <PageHeader title={t('wallet.transfer.title')} fallback={PATHS.assets} />
      <Screen className="pt-2">
        {CURRENCY_PATTERN.test(currency) ? (
          <TransferForm currency={currency} initialFrom={isWalletKind(from) ? from : 'funding'} />
        ) : (
          <Notice tone="error">{message(MSG.assetNotFound)}</Notice>
        )}
      </Screen>
    </>
  );
}
