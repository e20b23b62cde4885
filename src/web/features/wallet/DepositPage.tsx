/**
 * /deposit (docs/product.md 2 "Deposit", 4, 5, 9): USDT only. The user pays to the address customer service
 * gives, then sends the quantity and the address paid from; staff approve the request before the
 * funding wallet is credited. The fields are cleared once the request is sent.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { rechargeBody } from '../../../shared/api/wallet';
import {
  CONFIRMATIONS_TO_ARRIVE,
  CONFIRMATIONS_TO_WITHDRAW,
  MIN_RECHARGE_USDT,
  QUOTE_CURRENCY,
} from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { Button } from '../../components/Button';
import { HeadsetIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Screen } from '../../components/Screen';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { checkForm, type FieldErrors } from '../../lib/forms';
import { PATHS } from '../../lib/paths';
import { useRecharge } from './api/money-moves';
import { useSubmissionKey } from '../../lib/submission-key';
import { typedAmount } from './display';

interface DepositValues {
  amount: string;
  payment_address: string;
}
const EMPTY: DepositValues = { amount: '', payment_address: '' };

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  );
}

export function DepositPage() {
  const recharge = useRecharge();
  const submission = useSubmissionKey();
  const [values, setValues] = useState<DepositValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof DepositValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = checkForm(rechargeBody, values);
  const errors: FieldErrors = check.errors ?? {};
  const errorOf = (field: keyof DepositValues) => (submitted || touched[field] ? errors[field] : undefined);

  const edit = (field: keyof DepositValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    if (!recharge.isPending) recharge.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.data) return;
    const body = check.data;
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

  return (
    <>
      <PageHeader title="Deposit" fallback={PATHS.assets} />
      <Screen className="gap-4 pt-2">
        <section className="flex items-center justify-between rounded-2xl bg-surface p-4 shadow-card">
          <span className="text-sm text-muted">Current currency</span>
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

        <div className="flex flex-col gap-2 rounded-2xl bg-primary/10 px-4 py-3 text-sm text-ink">
          <p>
            The charge address is given by customer service: please consult customer service before you pay, then send
            the request below.
          </p>
          <Link
            to={PATHS.support}
            className="inline-flex min-h-touch items-center gap-2 self-start rounded-lg font-semibold text-primary"
          >
            <HeadsetIcon size={18} />
            Online service
          </Link>
        </div>

        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            label="Quantity (USDT)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`At least ${MIN_RECHARGE_USDT}`}
            value={values.amount}
            onChange={(e) => edit('amount', typedAmount(e.target.value, values.amount))}
            error={errorOf('amount')}
          />
          <TextField
            label="Payment address"
            name="payment_address"
            autoComplete="off"
            spellCheck={false}
            placeholder="The address you paid from"
            value={values.payment_address}
            onChange={(e) => edit('payment_address', e.target.value)}
            error={errorOf('payment_address')}
          />
          <dl className="rounded-2xl bg-surface px-4 py-2 shadow-card">
            <Fact label="Minimum recharge" value={`${MIN_RECHARGE_USDT} ${QUOTE_CURRENCY}`} />
            <Fact label="Confirmations to arrive" value={String(CONFIRMATIONS_TO_ARRIVE)} />
            <Fact label="Confirmations to withdraw" value={String(CONFIRMATIONS_TO_WITHDRAW)} />
          </dl>
          {recharge.isSuccess && <Notice tone="success">{MSG.depositSent}</Notice>}
          {recharge.isError && <Notice tone="error">{errorMessage(recharge.error, MSG.depositFailed)}</Notice>}
          <Button type="submit" busy={recharge.isPending}>
            Submit
          </Button>
        </form>
      </Screen>
    </>
  );
}
